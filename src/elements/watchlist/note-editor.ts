/**
 * An item's private note: shown as text, or edited in place with a 500-character counter (an
 * empty note clears it). One editor is open at a time; the counter is announced when the note's
 * length changes band (room, near the limit, over it), not per key.
 */
import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import type { ReactiveControllerHost } from '../shared/reactive.js';
import type { WatchlistItem } from '../../contract/index.js';
import { noteLength } from '../../contract/bodies.js';
import { NOTE_MAX_LENGTH } from '../../contract/monitoring-limits.js';
import { announce } from '../shared/announce.js';
import { assetName } from '../shared/monitoring-parts.js';
import type { Translate } from './watchlist-parts.js';

/** Where a note's length stands: room left, near the limit (the last 50), or over it. */
type NoteBand = 'room' | 'near' | 'over';

/** Characters left below which the note counter is announced. */
const NOTE_NEAR_LIMIT = 50;

function noteBand(draft: string): NoteBand {
  const left = NOTE_MAX_LENGTH - noteLength(draft);
  return left < 0 ? 'over' : left <= NOTE_NEAR_LIMIT ? 'near' : 'room';
}

/** "27 / 500 characters", and how many too many. */
function counterText(draft: string, t: Translate): string {
  const length = noteLength(draft);
  const counter = t('watchlist.note.counter', { count: String(length), max: String(NOTE_MAX_LENGTH) });
  return length > NOTE_MAX_LENGTH ? `${counter} — ${t('watchlist.note.tooLong', { over: String(length - NOTE_MAX_LENGTH) })}` : counter;
}

/** What the editor's buttons and keys do: save the draft, or close it unsaved (Cancel, Escape). */
export interface NoteActions {
  save(event: Event, item: WatchlistItem): void;
  cancel(item: WatchlistItem): void;
}

/** The note editor of the watchlist: which item's note is open, its draft and the draft's band. */
export class NoteEditor {
  readonly #host: ReactiveControllerHost & Element;
  readonly #t: Translate;
  #editing: string | undefined = undefined;
  #draft = '';
  /** The band the draft's length was last in. */
  #band: NoteBand = 'room';

  constructor(host: ReactiveControllerHost & Element, t: Translate) {
    this.#host = host;
    this.#t = t;
  }

  /** The item whose note is open, if any. */
  get editing(): string | undefined {
    return this.#editing;
  }

  /** The draft, as typed; `null` when it is empty (saving it clears the note). */
  get note(): string | null {
    return this.#draft.trim() === '' ? null : this.#draft;
  }

  /** Whether the draft fits the note limit. */
  get fits(): boolean {
    return noteBand(this.#draft) !== 'over';
  }

  /** Opens the editor on `item`'s note. */
  open(item: WatchlistItem): void {
    this.#editing = item.id;
    this.#draft = item.note ?? '';
    this.#band = noteBand(this.#draft);
    this.#host.requestUpdate();
  }

  /** Closes the editor (saved, cancelled, or the data dropped). */
  close(): void {
    this.#editing = undefined;
    this.#host.requestUpdate();
  }

  #input(value: string): void {
    this.#draft = value;
    this.#host.requestUpdate();
    const band = noteBand(value);
    if (band === this.#band) return;
    this.#band = band;
    announce(this.#host, counterText(value, this.#t));
  }

  /** The note as shown: the open editor of its item, else its text (or that there is none). */
  render(item: WatchlistItem, busy: boolean, actions: NoteActions): TemplateResult {
    const t = this.#t;
    if (this.#editing !== item.id) {
      return html`<div class="note" part="note">
        ${item.note
          ? html`<span class="muted small">${t('watchlist.note.heading')}</span>
              <span class="note-text">${item.note}</span>`
          : html`<span class="muted small">${t('watchlist.note.none')}</span>`}
      </div>`;
    }
    const over = !this.fits;
    const id = `note-${item.id}`;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      actions.cancel(item);
    };
    return html`<form class="note-editor" part="note" @submit=${(e: Event) => actions.save(e, item)} @keydown=${onKey}>
      <label for=${id}>${t('watchlist.note.label', { name: assetName(item.asset) })}</label>
      <textarea
        id=${id}
        .value=${this.#draft}
        aria-describedby=${`${id}-count`}
        aria-invalid=${over ? 'true' : 'false'}
        @input=${(e: Event) => this.#input((e.target as HTMLTextAreaElement).value)}
      ></textarea>
      <div class="row">
        <span id=${`${id}-count`} class="counter" ?data-over=${over}>${counterText(this.#draft, t)}</span>
        <span class="muted small">${t('watchlist.note.emptyClears')}</span>
      </div>
      <div class="row">
        <button class="button small primary" type="submit" ?disabled=${over} aria-disabled=${busy ? 'true' : nothing}>${t('watchlist.note.save')}</button>
        <button class="button small" type="button" @click=${() => actions.cancel(item)}>
          ${t('watchlist.note.cancel')}
        </button>
      </div>
    </form>`;
  }
}
