/**
 * The Explorer API part of the sandbox (spec 4.2, 5, 6, 7.1, 8). The sandbox core mounts it
 * under `/explorer`, records stats and applies faults around it (route ids: `explorerRouteId`).
 *
 * ```ts
 * const explorer = createExplorerApi({ now: () => clock.now() });
 * const response = await explorer.handle(request, '/me/watchlist');
 * ```
 */
import { handleExplorerControl } from './control.js';
import { handleExplorer } from './routes.js';
import { ExplorerState, type ExplorerContext } from './state.js';

export interface ExplorerApi {
  /** Answers an Explorer request; `path` is the part after the `/explorer` prefix. */
  handle(request: Request, path: string): Promise<Response>;
  /** Control routes for tests and the demo (see control.ts), mounted by the sandbox core. */
  handleControl(request: Request, path: string): Promise<Response>;
  /** Reseeds all Explorer state relative to the current clock. */
  reset(): void;
  state: ExplorerState;
}

/**
 * Creates the Explorer API. The result is also callable as `(request, path) => Promise<Response>`
 * (the same as `handle`).
 */
export function createExplorerApi(ctx: ExplorerContext): ExplorerApi & ((request: Request, path: string) => Promise<Response>) {
  const state = new ExplorerState(ctx);
  const handle = (request: Request, path: string) => handleExplorer(state, request, path);
  return Object.assign(handle, {
    handle,
    handleControl: (request: Request, path: string) => handleExplorerControl(state, request, path),
    reset: () => state.reset(),
    state,
  });
}

export { explorerRouteId, SESSION_ONLY_ROUTES } from './routes.js';
export { EXPLORER_KEYS, type ExplorerKeyName } from './keys.js';
export { CHANGE_CATEGORIES, CHANGE_TEMPLATES, REGISTRY_SIZE } from './data.js';
export { INTAKE_DURATION_MS, INTAKE_STAGES } from './watchlist.js';
export { ExplorerState, type ExplorerContext } from './state.js';
export type { RevisionBody, RevisionInput } from './tokenomics.js';
