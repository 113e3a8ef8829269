/**
 * The live examples, set up as a partner's npm page would: `configure()` with where the server
 * piece and the sandbox are, then `kyi-elements/define`. Both live in the docs site's own
 * Service Worker (scripts/docs/worker/service-worker.ts), registered here, so the examples run
 * wherever the built site is served, a static host included. A browser that starts no worker
 * (an insecure address, some private windows) never defines the elements (so never calls a
 * server that is not there) and each example shows its note instead (live.css).
 */
import { LIVE_PATHS } from '../../../scripts/docs/live-paths.js';

/** Resolves once the worker answers this page's requests. */
async function workerInControl(base: string): Promise<boolean> {
  const workers = navigator.serviceWorker;
  if (!workers) return false;
  const registration = await workers.register(`${base}${LIVE_PATHS.worker}`, { scope: base }).catch(() => undefined);
  if (!registration) return false;
  if (workers.controller) return true;
  const taken = new Promise<void>((resolve) => workers.addEventListener('controllerchange', () => resolve(), { once: true }));
  // the worker claims the open pages when it activates; a page loaded past it (a hard reload) asks
  (await workers.ready).active?.postMessage('claim');
  await taken;
  return true;
}

export async function startLiveExamples(base: string): Promise<void> {
  const root = document.documentElement;
  if (!(await workerInControl(base))) {
    root.dataset['kyiLive'] = 'off';
    return;
  }
  const sandbox = new URL(`${base}${LIVE_PATHS.sandbox}`, location.origin).href;
  // configured before the elements are defined: the first lookups already go to the right place
  const { configure } = await import('kyi-elements');
  configure({ proxyUrl: `${base}${LIVE_PATHS.proxy}`, badgeBaseUrl: sandbox, widgetUrl: sandbox });
  await import('kyi-elements/define');
  root.dataset['kyiLive'] = 'on';
}
