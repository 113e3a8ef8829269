/**
 * The watchlist's pure parts: an item's state label, the note counter's bands and an item's
 * name in words. No element state here; `watchlist.ts` renders with them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { WatchlistItem } from '../../contract/index.js';
import { noteLength } from '../../contract/bodies.js';
import { WATCH_STATES } from '../../contract/enums.js';
import { LIMITS } from '../../contract/limits.js';
import { humanize, type StringKey, type StringParams } from '../../browser/strings.js';
import { withForeignText } from '../shared/foreign-text.js';

/** The element's translator (`this.t`). */
type Translate = (key: StringKey, params?: StringParams) => string;

/** The colour of a watch state (see `[data-tone]` in the monitoring styles). */
const STATE_TONE: Record<string, string> = { ready: 'good', gathering: 'warn', unresolved: 'bad' };

/** An item's state in words: the intake status while gathering, the reason when unresolved. */
export function renderState(item: WatchlistItem, t: Translate, lang: string): TemplateResult {
  // The service's own words (a reason, a status) are English inside a sentence of the element's language.
  let text: TemplateResult | string;
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
  return html`<span class="state" part="state" data-state=${state} data-tone=${STATE_TONE[state] ?? nothing}>${text}</span>`;
}

/** Where a note's length stands: room left, near the limit (the last 50), or over it. */
export type NoteBand = 'room' | 'near' | 'over';

/** Characters left below which the note counter is announced. */
const NOTE_NEAR_LIMIT = 50;

export function noteBand(draft: string): NoteBand {
  const left = LIMITS.noteMaxLength - noteLength(draft);
  return left < 0 ? 'over' : left <= NOTE_NEAR_LIMIT ? 'near' : 'room';
}

/** "27 / 500 characters", and how many too many. */
export function noteCounterText(draft: string, t: Translate): string {
  const length = noteLength(draft);
  const counter = t('watchlist.note.counter', { count: String(length), max: String(LIMITS.noteMaxLength) });
  return length > LIMITS.noteMaxLength ? `${counter} — ${t('watchlist.note.tooLong', { over: String(length - LIMITS.noteMaxLength) })}` : counter;
}

/** An item's name in words: the asset's name, symbol or id. */
export function assetLabel(item: WatchlistItem): string {
  return item.asset.name ?? item.asset.symbol ?? item.asset.id ?? item.id;
}

export function without(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}
