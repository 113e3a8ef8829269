/**
 * The sandbox as a fetch handler, without a listening server: the whole service answering
 * `Request`s as if it lived at `origin` (which may carry a path: `https://docs.example/sandbox`).
 * `startSandbox()` (./index.ts) puts it behind `node:http`; the docs site runs it in a Service
 * Worker (scripts/docs/service-worker.ts). Nothing in this module's import graph may need Node
 * beyond what the docs' worker bundle stands in for (node:crypto's sha256, node:zlib's deflate).
 */
import { createSandboxApp } from './app.js';
import { SANDBOX_CREDENTIALS } from './credentials.js';
import { createExplorerApi } from './explorer/index.js';
import { SandboxFaults } from './faults.js';
import { delay } from './http.js';
import { sandboxInfo } from './info.js';
import type { Sandbox, SandboxOptions } from './types.js';
import { PublicState } from './state.js';
import { SandboxStats } from './stats.js';
import { DEFAULT_WIDGET_ORIGINS, checkWidgetOrigin } from './widget/origins.js';

/** A sandbox answering in process: `fetch` takes requests to its own paths (`/widget/kyi`, `/explorer/…`), `stop` ends its waits. */
export interface SandboxCore extends Omit<Sandbox, 'origin' | 'close'> {
  fetch(request: Request): Promise<Response>;
  stop(): void;
}

/** Every sandbox answer says where it came from (`x-kyi-sandbox: 1`), so a client or a test can tell it from the real service. */
function markSandbox(response: Response): Response {
  response.headers.set('x-kyi-sandbox', '1');
  return response;
}

export function createSandbox(origin: string, opts: Omit<SandboxOptions, 'port' | 'host'> = {}): SandboxCore {
  const now = opts.now ?? Date.now;
  const lifetime = new AbortController();
  const faults = new SandboxFaults();
  const stats = new SandboxStats();
  const publicState = new PublicState({ hostile: opts.hostile ?? false });
  const credentials = SANDBOX_CREDENTIALS;
  const widgetOrigins = new Set((opts.widgetOrigins ?? DEFAULT_WIDGET_ORIGINS).map(checkWidgetOrigin));
  const info = sandboxInfo(origin, credentials);
  const explorer = createExplorerApi({ ...opts.explorer, now });

  const core: Omit<SandboxCore, 'fetch'> = {
    info,
    faults,
    stats,
    state: { public: publicState, explorer: explorer.state },
    widgetOrigins,
    allowWidgetOrigin(value) {
      widgetOrigins.add(checkWidgetOrigin(value));
    },
    reset() {
      faults.clear();
      stats.reset();
      publicState.reset();
      explorer.reset();
    },
    stop: () => lifetime.abort(),
  };
  const app = createSandboxApp({
    faults,
    stats,
    now,
    signal: lifetime.signal,
    sleep: opts.sleep ?? delay,
    state: publicState,
    apiKey: credentials.publicApiKey,
    partners: new Map([[credentials.partnerId, credentials.secretKey]]),
    widgetOrigins,
    records: () => ({ origin, verifiedUrl: info.verifiedUrl, now: now() }),
    info,
    reset: () => core.reset(),
    explorer,
  });
  return { ...core, fetch: (request) => app(request).then(markSandbox) };
}
