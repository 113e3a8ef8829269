/**
 * The Explorer API part of the sandbox (spec 4.2, 5, 6, 7.1, 8). The sandbox's route table
 * mounts `ROUTES` under `/explorer` and counts and applies faults around them; control
 * routes (control.ts) are part of the sandbox's one control API.
 */
import { answerExplorer, type RouteDef } from './routes.js';
import { ExplorerState, type ExplorerContext } from './state.js';

export interface ExplorerApi {
  /** Answers an Explorer request for `route` (null: none matched); `path` is the part after `/explorer`. */
  answer(request: Request, path: string, route: RouteDef | null, params: string[]): Promise<Response>;
  /** Reseeds all Explorer state relative to the current clock. */
  reset(): void;
  state: ExplorerState;
}

export function createExplorerApi(ctx: ExplorerContext): ExplorerApi {
  const state = new ExplorerState(ctx);
  return {
    answer: (request, path, route, params) => answerExplorer(state, request, path, route, params),
    reset: () => state.reset(),
    state,
  };
}

export { ROUTES as EXPLORER_SANDBOX_ROUTES, SESSION_ONLY_ROUTES, type RouteDef as ExplorerRoute } from './routes.js';
export { EXPLORER_KEYS, type ExplorerKeyName } from './keys.js';
export { CHANGE_CATEGORIES, CHANGE_TEMPLATES, REGISTRY_SIZE } from './data.js';
export { INTAKE_DURATION_MS, INTAKE_STAGES } from './watchlist.js';
export { ExplorerState, type ExplorerContext } from './state.js';
export type { RevisionBody, RevisionInput } from './tokenomics.js';
