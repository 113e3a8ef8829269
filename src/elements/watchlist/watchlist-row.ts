/**
 * One watchlist item as a row (`<li part="item">`, keyed by item id): its asset, state,
 * monitoring switch, note, Edit note and Remove, and a write's failure; or, once removed, the
 * "Removed — Undo" row of its undo delay.
 */
import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import type { WatchlistItem } from '../../contract/index.js';
import { chainName } from '../shared/chain-names.js';
import { assetName, formatDate } from '../shared/monitoring-parts.js';
import { renderState } from './watchlist-parts.js';
import type { WatchlistView } from './watchlist-view.js';
import { renderWriteProblem } from './write-problems.js';

/** An item's row. */
export function renderRow(view: WatchlistView, item: WatchlistItem): TemplateResult {
  if (view.removals.removed(item.id)) return renderRemoved(view, item);
  const { t } = view;
  const busy = view.writes.busy(item.id);
  const a = item.asset;
  return html`<li class="item" part="item" tabindex="-1" data-id=${item.id} aria-busy=${busy ? 'true' : 'false'}>
    <div class="row head">
      <p class="title" role="heading" aria-level=${String(view.rowHeadingLevel)}><bdi>${assetName(a)}</bdi>${a.symbol && a.name ? html`<span class="muted"> (<bdi>${a.symbol}</bdi>)</span>` : nothing}</p>
      ${renderState(item, t, view.renderLang)}
    </div>
    <div class="meta small muted">
      ${a.issuerName ? html`<bdi>${a.issuerName}</bdi>` : nothing}
      ${a.chain ? html`<span>${chainName(a.chain)}</span>` : nothing}
      ${a.contractAddress ? html`<span class="mono address">${a.contractAddress}</span>` : nothing}
      <span>${t('watchlist.addedAt', { date: formatDate(item.addedAt, view.renderLang) })}</span>
    </div>
    <div class="row controls">${renderMonitoring(view, item, busy)} ${renderActions(view, item, busy)}</div>
    ${view.note.render(item, busy, view)} ${renderWriteProblem(view, item.id)}
  </li>`;
}

/** Monitoring on/off: a switch where writes are allowed, else the words alone. */
function renderMonitoring(view: WatchlistView, item: WatchlistItem, busy: boolean): TemplateResult {
  const { t } = view;
  const on = item.monitoringEnabled === true;
  if (!view.canWrite)
    return html`<span class="monitoring">${on ? t('watchlist.monitoring.on') : t('watchlist.monitoring.off')}</span>`;
  // The switch stays focusable while its change is saved (`aria-disabled`, not `disabled`, so
  // focus never falls to the page). Its name is its visible words, then the asset for screen
  // readers: "Monitoring paused for <asset>" (WCAG 2.5.3: the name holds what is shown, so
  // "click Monitoring paused" works).
  return html`<button
    class="switch"
    part="switch"
    type="button"
    role="switch"
    aria-checked=${on ? 'true' : 'false'}
    aria-disabled=${busy ? 'true' : nothing}
    @click=${() => view.toggle(item)}
  >
    <span class="track" aria-hidden="true"><span class="thumb"></span></span
    ><span class="monitoring">${t('watchlist.monitoring.label')}</span
    > <span class="monitoring-state">${on ? t('watchlist.monitoring.stateOn') : t('watchlist.monitoring.stateOff')}</span
    ><span class="visually-hidden"> ${t('watchlist.monitoring.for', { name: assetName(item.asset) })}</span>
  </button>`;
}

/** Edit note and Remove, at the end of the controls row. */
function renderActions(view: WatchlistView, item: WatchlistItem, busy: boolean): TemplateResult | typeof nothing {
  if (!view.canWrite) return nothing;
  const { t } = view;
  const name = assetName(item.asset);
  return html`<span class="actions">
    ${view.note.editing === item.id
      ? nothing
      : html`<button class="button small edit-note" type="button" aria-label=${t('watchlist.note.editLabel', { name })} aria-disabled=${busy ? 'true' : nothing} @click=${() => busy || view.editNote(item)}>
          ${t('watchlist.note.edit')}
        </button>`}
    <button
      class="button small danger remove"
      type="button"
      aria-label=${t('watchlist.removeLabel', { name })}
      aria-disabled=${busy ? 'true' : nothing}
      @click=${() => busy || view.remove(item)}
    >
      ${t('watchlist.remove')}
    </button>
  </span>`;
}

/** A removed item during its undo delay (and while the removal is sent). */
function renderRemoved(view: WatchlistView, item: WatchlistItem): TemplateResult {
  const { t } = view;
  const name = assetName(item.asset);
  const pending = view.removals.has(item.id);
  return html`<li class="item removed" part="item" tabindex="-1" data-id=${item.id} data-removing aria-busy=${pending ? 'false' : 'true'}>
    <div class="row head">
      <span>${t('watchlist.removedPending', { name })}</span>
      ${pending
        ? html`<button class="button small undo" type="button" aria-label=${t('watchlist.undoLabel', { name })} @click=${() => view.undo(item)}>
            ${t('watchlist.undo')}
          </button>`
        : nothing}
    </div>
  </li>`;
}
