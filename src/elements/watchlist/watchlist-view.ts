/**
 * What the watchlist's parts render from: the element's words and settings, its state holders
 * and what its controls do. The element builds it at each render.
 */
import type { WatchlistItem } from '../../contract/index.js';
import type { KyiProblem } from '../../client/errors.js';
import type { NoteActions, NoteEditor } from './note-editor.js';
import type { PendingRemovals } from './removals.js';
import type { Translate } from './watchlist-parts.js';
import type { ItemWrites } from './watchlist-writes.js';

/** What a row's controls and the add form do. */
export interface WatchlistActions extends NoteActions {
  add(event: Event): void;
  addInput(value: string): void;
  toggle(item: WatchlistItem): void;
  editNote(item: WatchlistItem): void;
  remove(item: WatchlistItem): void;
  undo(item: WatchlistItem): void;
}

export interface WatchlistView extends WatchlistActions {
  t: Translate;
  /** The language dates are written in. */
  renderLang: string;
  /** The level of a row's heading. */
  rowHeadingLevel: number;
  /** Whether write controls are shown. */
  canWrite: boolean;
  /** The most items the watchlist holds (said when it is full). */
  limit: number;
  /** The add form's field, as typed. */
  addValue: string;
  /** The words for a failed read (the element's `problemText`). */
  problemText(problem: KyiProblem): string;
  writes: ItemWrites;
  removals: PendingRemovals;
  note: NoteEditor;
}
