/**
 * A failed write in words, shown where its target is — its row, or the add form — or, for an
 * item no longer listed (a 404 read the list again without it), above the list.
 */
import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import type { WatchlistItem } from '../../contract/index.js';
import type { KyiProblem } from '../../client/errors.js';
import type { WatchlistView } from './watchlist-view.js';
import { ADD } from './watchlist-writes.js';

/** Words for a failed write: 409 and 404 explained, the rest like a read failure. */
function writeProblemText(view: WatchlistView, problem: KyiProblem, target: string): string {
  const { t } = view;
  switch (problem.code) {
    case 'invalid_asset_id':
      return problem.message;
    case 'watchlist_limit_reached':
      return t('watchlist.error.full', { limit: String(view.limit) });
    case 'not_found':
      return target === ADD ? t('watchlist.error.assetNotFound') : t('watchlist.error.itemGone');
    case 'writes_disabled':
      return t('watchlist.error.writesDisabled');
    case 'forbidden':
      return t('watchlist.error.forbidden');
  }
  return problem.status === 400 ? problem.message : view.problemText(problem);
}

/** The failure of `target`'s last write, as an alert (`id`: what its field is described by). */
export function renderWriteProblem(view: WatchlistView, target: string, id?: string): TemplateResult | typeof nothing {
  const problem = view.writes.failed(target);
  if (!problem) return nothing;
  return html`<p class="inline-error" role="alert" part="error" id=${id ?? nothing}>${writeProblemText(view, problem, target)}</p>`;
}

/** A failed write on an item no longer among `items`, shown above the list. */
export function renderOrphanProblem(view: WatchlistView, items: readonly WatchlistItem[]): TemplateResult | typeof nothing {
  const target = view.writes.failure?.target;
  if (target === undefined || target === ADD || items.some((i) => i.id === target)) return nothing;
  return renderWriteProblem(view, target);
}
