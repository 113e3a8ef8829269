/**
 * The live examples, set up as a partner's npm page would: `configure()` with where the server
 * piece and the sandbox are, then `kyi-elements/define`. Where they are comes from
 * `kyi-live.json` beside the pages: the docs' backend (scripts/docs/live-backend.ts) answers it
 * in `npm run docs` and `npm run docs:preview`; on a static host the site's own copy says
 * `{ "live": false }`, the elements are never defined (so never call a server that is not
 * there) and each example shows its note instead (live.css).
 */
interface LiveConfig {
  live: boolean;
  proxyUrl?: string;
  badgeBaseUrl?: string;
  widgetUrl?: string;
}

export async function startLiveExamples(base: string): Promise<void> {
  const root = document.documentElement;
  const response = await fetch(`${base}kyi-live.json`, { cache: 'no-store' }).catch(() => undefined);
  const config = ((await response?.json().catch(() => undefined)) ?? { live: false }) as LiveConfig;
  if (!config.live || !config.proxyUrl) {
    root.dataset['kyiLive'] = 'off';
    return;
  }
  // configured before the elements are defined: the first lookups already go to the right place
  const { configure } = await import('kyi-elements');
  configure({ proxyUrl: config.proxyUrl, badgeBaseUrl: config.badgeBaseUrl ?? '', widgetUrl: config.widgetUrl ?? '' });
  await import('kyi-elements/define');
  root.dataset['kyiLive'] = 'on';
}
