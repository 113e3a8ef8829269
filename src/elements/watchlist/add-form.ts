/**
 * The add form: an asset id, checked before it is sent (a wrong one is said in words, the field
 * marked invalid and described by them), and the failure of the last add.
 */
import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import { isUuid } from '../../contract/uuid.js';
import type { KyiProblem } from '../../client/errors.js';
import type { Translate } from './watchlist-parts.js';
import type { WatchlistView } from './watchlist-view.js';
import { renderWriteProblem } from './write-problems.js';
import { ADD } from './watchlist-writes.js';

/** Why `assetId` cannot be sent (not a registry asset id, a UUID), or `undefined` when it can. */
export function assetIdProblem(assetId: string, t: Translate): KyiProblem | undefined {
  if (isUuid(assetId)) return undefined;
  return { code: 'invalid_asset_id', message: t('watchlist.error.assetId'), status: 0 };
}

/** The form, where writes are allowed (its field `#add-asset`, see `addField`). */
export function renderAddForm(view: WatchlistView): TemplateResult | typeof nothing {
  if (!view.canWrite) return nothing;
  const { t } = view;
  const busy = view.writes.busy(ADD);
  const invalid = view.writes.failed(ADD)?.code === 'invalid_asset_id';
  return html`<form class="add" part="add-form" @submit=${(e: Event) => view.add(e)}>
    <label for="add-asset">${t('watchlist.add.label')}</label>
    <div class="row">
      <input
        id="add-asset"
        class="mono"
        type="text"
        autocomplete="off"
        spellcheck="false"
        placeholder="00000000-0000-0000-0000-000000000000"
        aria-invalid=${invalid ? 'true' : nothing}
        aria-describedby=${invalid ? 'add-error' : nothing}
        .value=${view.addValue}
        @input=${(e: Event) => view.addInput((e.target as HTMLInputElement).value)}
      />
      <button class="button primary" type="submit" aria-disabled=${busy ? 'true' : nothing}>${t('watchlist.add.button')}</button>
    </div>
    ${renderWriteProblem(view, ADD, 'add-error')}
  </form>`;
}
