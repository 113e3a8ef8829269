/**
 * The watchlist's pure parts: the element's translator and an item's state label. No element
 * state here.
 */
import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import type { WatchlistItem } from '../../contract/index.js';
import { WATCH_STATES } from '../../contract/enums.js';
import type { StringKey, StringParams } from '../../browser/strings.js';
import { humanize, withForeignText, type ForeignText } from '../shared/foreign-text.js';

/** The element's translator (`this.t`). */
export type Translate = (key: StringKey, params?: StringParams) => string;

/** The colour of a watch state (see `[data-tone]` in the monitoring styles). */
const STATE_TONE: Record<string, string> = { ready: 'good', gathering: 'warn', unresolved: 'bad' };

/** A sentence as `withForeignText` gives it, the foreign text in a `<span lang>`. */
const sentence = (parts: ForeignText | string): TemplateResult | string =>
  typeof parts === 'string' ? parts : html`${parts.before}<span lang=${parts.lang}>${parts.text}</span>${parts.after}`;

/** An item's state in words: the intake status while gathering, the reason when unresolved. */
export function renderState(item: WatchlistItem, t: Translate, lang: string): TemplateResult {
  // The service's own words (a reason, a status) are English inside a sentence of the element's language.
  let text: ForeignText | string;
  switch (item.state) {
    case 'gathering':
      text = item.intakeStatus
        ? withForeignText((status) => t('watchlist.state.gatheringStatus', { status }), humanize(item.intakeStatus), lang)
        : t('watchlist.state.gathering');
      break;
    case 'ready':
      text = t('watchlist.state.ready');
      break;
    case 'unresolved':
      text = item.stateReason
        ? withForeignText((reason) => t('watchlist.state.unresolvedReason', { reason }), item.stateReason, lang)
        : t('watchlist.state.unresolved');
      break;
    default: // a state the contract does not list yet, shown as text
      text = withForeignText((state) => t('watchlist.state.other', { state }), humanize(item.state), lang);
  }
  const state = (WATCH_STATES as readonly string[]).includes(item.state) ? item.state : 'other';
  return html`<span class="state" part="state" data-tone=${STATE_TONE[state] ?? nothing}>${sentence(text)}</span>`;
}
