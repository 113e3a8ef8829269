import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import { repeat } from 'lit/directives/repeat.js';
import type { WatchlistItem, WatchlistResponse } from '../../contract/index.js';
import { WATCHLIST_CAP } from '../../contract/monitoring-limits.js';
import {
  addWatchlistItem,
  fetchWatchlist,
  getCapabilities,
  removeWatchlistItem,
  updateWatchlistItem,
} from '../../client/monitoring.js';
import { KyiWatchlistChangeEvent } from '../../browser/monitoring-events.js';
import { isAbortError } from '../../client/errors.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { assetName } from '../shared/monitoring-parts.js';
import { ShownRows } from '../shared/monitoring-pager.js';
import { withMonitoringStyles } from '../shared/monitoring.styles.js';
import { internalState } from '../shared/reactive.js';
import { announce } from '../shared/announce.js';
import { watchlistStyles } from './watchlist.styles.js';
import { PendingRemovals } from './removals.js';
import { NoteEditor } from './note-editor.js';
import { renderRow } from './watchlist-row.js';
import { assetIdProblem, renderAddForm } from './add-form.js';
import { addItem, afterRemoval, replaceItem, withoutItems } from './watchlist-data.js';
import { addField, focusAfter, focusIn, focusWithin, rowOf } from './watchlist-focus.js';
import type { Translate } from './watchlist-parts.js';
import type { WatchlistView } from './watchlist-view.js';
import { ADD, ItemWrites } from './watchlist-writes.js';
import { renderOrphanProblem } from './write-problems.js';

/**
 * The partner's watchlist of assets monitored for disclosure and tokenomics changes, read
 * through the server piece (`GET {proxy-url}/explorer/me/watchlist`). Each item shows its
 * asset, its state (`gathering` with the intake status, `ready`, `unresolved` with the
 * reason), whether monitoring is on, its private note and since when it is watched.
 *
 * Write controls — add by asset id, a monitoring on/off switch, note editing with a
 * 500-character counter (an empty note clears it), remove — appear only when the server piece allows
 * watchlist writes (`GET {proxy-url}/capabilities` → `explorerWrites`). A full watchlist
 * (409) and an unknown asset or item (404) are explained in words. Remove can be undone:
 * the item reads "Removed — Undo" for five seconds before the removal is sent (at once if the
 * element leaves the page).
 *
 * A long watchlist shows 25 items at a time with "Show more", like the change feed and the
 * notifications; each row stays its item's through every re-render (keyed by item id), so
 * focus on a control never comes to mean another item.
 *
 * @tag kyi-watchlist
 * @summary The Explorer watchlist: items, states, monitoring, notes, add and remove.
 *
 * @csspart base - The outer wrapper.
 * @csspart header - Title row with the used / limit count.
 * @csspart usage - The "12 of 50 used" text.
 * @csspart add-form - The add-by-asset-id form (writes allowed only).
 * @csspart list - The `<ul>` of items.
 * @csspart item - One item (`<li>`).
 * @csspart switch - An item's monitoring on/off switch (`role="switch"`).
 * @csspart state - An item's state label.
 * @csspart note - An item's note, or its editor.
 * @csspart error - Error messages: a load's error box (shown, not announced), a write's message (`role="alert"`).
 * @csspart retry-button - The error's Retry button; none where retrying cannot help (the request itself refused, 400; the site's configuration, which a `refresh-interval` still reads again, in case the partner fixed it).
 * @csspart sign-in - The notice shown instead of the data when the site's server asks the visitor to sign in (401).
 * @csspart access-denied - The notice shown instead of the data when the site's server does not give the visitor access (403).
 * @csspart more - Below a long list: how many are shown, and the "Show more" button.
 * @csspart empty - The empty-watchlist text.
 *
 * @cssprop --kyi-watchlist-gap - Space between items (default `0.5rem`).
 * @cssprop --kyi-watchlist-item-background - Item background (default: the raised surface color).
 *
 * @fires kyi-watchlist-change - The user added, updated or removed an item. `detail: { action, itemId, item }`.
 * @fires kyi-error - A read or write failed. `detail: { code, message, status }`; codes include
 *   `watchlist_limit_reached` (409), `not_found` (404), `writes_disabled`, `invalid_parameter`, `network`.
 */
export class KyiWatchlist extends KyiMonitoringElement {
  static override styles = withMonitoringStyles(watchlistStyles);

  static override properties = internalState('_data', '_canWrite', '_addValue');

  private _data: WatchlistResponse | undefined = undefined;
  private _canWrite = false;
  private _addValue = '';

  readonly #t: Translate = (key, params) => this.t(key, params);
  readonly #shown = new ShownRows(this);
  readonly #removals = new PendingRemovals(this);
  readonly #note = new NoteEditor(this, this.#t);
  readonly #writes = new ItemWrites(this, {
    run: (target) => this.writeRun(target),
    read: (signal) => fetchWatchlist({ proxyUrl: this.proxy, signal }),
    failed: (problem, data) => {
      if (data) this._data = data;
      this.reportError(problem);
    },
  });
  /** Items whose switch was pressed again while its change was being saved. */
  readonly #flipAgain = new Set<string>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Leaving the page is not an undo: what was removed is removed now. Those removals are sent
    // outside the write run (it was just aborted and writes no state on a detached element).
    const proxyUrl = this.proxy;
    const removed = new Set(this.#removals.takeAll());
    for (const id of removed) void removeWatchlistItem({ proxyUrl }, id).catch(() => {});
    if (this._data && removed.size) this._data = withoutItems(this._data, removed);
  }

  /** The items read (empty before the first load; rendered 25 at a time, with "Show more"). Read-only. */
  get items(): WatchlistItem[] {
    return this._data?.data ?? [];
  }

  /** Whether write controls are shown (the server piece allows watchlist writes). Read-only. */
  get canWrite(): boolean {
    return this._canWrite;
  }

  protected override async load(signal: AbortSignal, kind: 'full' | 'poll'): Promise<void> {
    const proxyUrl = this.proxy;
    const [data, caps] = await Promise.all([
      fetchWatchlist({ proxyUrl, signal }),
      getCapabilities({ proxyUrl }).catch(() => ({ explorerWrites: false })),
    ]);
    signal.throwIfAborted();
    this.#shown.afterRead(kind, this._data?.data, data.data);
    this._data = data;
    this._canWrite = caps.explorerWrites === true;
  }

  protected override clearData(): void {
    this._data = undefined;
    this._canWrite = false;
    this.#note.close();
  }

  // ---------------------------------------------------------------- writes

  /** Applies `change` to the list shown (none before the first load). */
  #change(change: (data: WatchlistResponse) => WatchlistResponse): void {
    if (this._data) this._data = change(this._data);
  }

  async #add(event: Event): Promise<void> {
    event.preventDefault();
    if (this.#writes.busy(ADD)) return;
    const assetId = this._addValue.trim();
    const invalid = assetIdProblem(assetId, this.#t);
    if (invalid) {
      this.#writes.fail({ target: ADD, problem: invalid });
      // The field says what is wrong (aria-invalid, described by the message): focus goes there.
      await this.updateComplete;
      addField(this.renderRoot)?.focus();
      return;
    }
    const proxyUrl = this.proxy;
    await this.#writes.run(ADD, async (signal) => {
      const item = await addWatchlistItem({ proxyUrl, signal }, assetId);
      const data = await fetchWatchlist({ proxyUrl, signal }).catch((error: unknown) => {
        if (isAbortError(error)) throw error;
        return undefined;
      });
      const apply = () => {
        this._addValue = '';
        if (data) this._data = data;
        else this.#change((d) => addItem(d, item));
        this.#reveal(item.id);
        announce(this, this.t('watchlist.added', { name: assetName(item.asset) }));
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'add', itemId: item.id, item }) };
    });
    // Added: the emptied field is ready for the next id (the notice says what was added).
    if (!this.#writes.failed(ADD) && focusWithin(this.renderRoot, '[part="add-form"]')) addField(this.renderRoot)?.focus();
  }

  /**
   * An added item is shown wherever the list puts it, and nothing shown before drops off the
   * end of the page: the shown rows grow to reach it (or by the one it pushed down).
   */
  #reveal(itemId: string): void {
    const at = this.items.findIndex((i) => i.id === itemId);
    if (at >= 0 && this.items.length > this.#shown.limit) this.#shown.grow(Math.max(1, at + 1 - this.#shown.limit));
  }

  /** A press while the switch's change is saved asks for one more flip once the save settles. */
  async #toggle(item: WatchlistItem): Promise<void> {
    if (this.#writes.busy(item.id)) {
      if (!this.#flipAgain.delete(item.id)) this.#flipAgain.add(item.id);
      return;
    }
    const proxyUrl = this.proxy;
    await this.#writes.run(item.id, async (signal) => {
      const updated = await updateWatchlistItem({ proxyUrl, signal }, item.id, { monitoringEnabled: !item.monitoringEnabled });
      return { apply: () => this.#change((d) => replaceItem(d, updated)), event: new KyiWatchlistChangeEvent({ action: 'update', itemId: updated.id, item: updated }) };
    });
    const again = this.#flipAgain.delete(item.id) && !this.#writes.failed(item.id);
    const current = this.items.find((i) => i.id === item.id);
    if (again && current) await this.#toggle(current);
  }

  #editNote(item: WatchlistItem): void {
    this.#note.open(item);
    this.#writes.fail(undefined);
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLTextAreaElement>('textarea')?.focus());
  }

  async #saveNote(event: Event, item: WatchlistItem): Promise<void> {
    event.preventDefault();
    if (!this.#note.fits || this.#writes.busy(item.id)) return;
    const note = this.#note.note;
    const proxyUrl = this.proxy;
    await this.#writes.run(item.id, async (signal) => {
      const updated = await updateWatchlistItem({ proxyUrl, signal }, item.id, { note });
      const apply = () => {
        this.#change((d) => replaceItem(d, updated));
        this.#note.close();
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'update', itemId: updated.id, item: updated }) };
    });
    if (this.#note.editing === undefined) focusIn(this.renderRoot, item.id, '.edit-note');
  }

  /** Closes the note editor unsaved (Cancel or Escape); focus goes back to its Edit note button. */
  async #cancelNote(item: WatchlistItem): Promise<void> {
    this.#note.close();
    await this.updateComplete;
    focusIn(this.renderRoot, item.id, '.edit-note');
  }

  /**
   * Remove, undoable: the row says "Removed — Undo" until the delay passes, then the removal is
   * sent. The row loses its Undo button then and goes once the removal is sent: a reader inside
   * it carries on at the next row's first control (or the one before, or the Add field, or the
   * heading). Rows are keyed by item id, so that control stays its own item's as the list
   * re-renders without the removed one.
   */
  #scheduleRemoval(item: WatchlistItem): void {
    this.#removals.start(item.id, () => {
      if (focusWithin(this.renderRoot, rowOf(item.id))) focusAfter(this.renderRoot, item.id)?.focus();
      void this.#remove(item).finally(() => this.isConnected && this.#removals.settled(item.id));
    });
    this.#writes.fail(undefined);
    void this.updateComplete.then(() => focusIn(this.renderRoot, item.id, '.undo'));
  }

  #undoRemoval(item: WatchlistItem): void {
    if (!this.#removals.undo(item.id)) return;
    void this.updateComplete.then(() => focusIn(this.renderRoot, item.id, '.remove'));
  }

  async #remove(item: WatchlistItem): Promise<void> {
    const proxyUrl = this.proxy;
    await this.#writes.run(item.id, async (signal) => {
      await removeWatchlistItem({ proxyUrl, signal }, item.id);
      const apply = () => {
        this.#change((d) => afterRemoval(d, item.id));
        announce(this, this.t('watchlist.removed', { name: assetName(item.asset) }));
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'remove', itemId: item.id, item: null }) };
    });
  }

  // ---------------------------------------------------------------- render

  /** What the rows and the add form render from (each control's handler calls its action). */
  #view(): WatchlistView {
    return {
      add: (event) => this.#add(event),
      addInput: (value) => (this._addValue = value),
      toggle: (item) => this.#toggle(item),
      editNote: (item) => this.#editNote(item),
      remove: (item) => this.#scheduleRemoval(item),
      undo: (item) => this.#undoRemoval(item),
      save: (event, item) => this.#saveNote(event, item),
      cancel: (item) => this.#cancelNote(item),
      t: this.#t,
      renderLang: this.renderLang,
      rowHeadingLevel: this.rowHeadingLevel,
      canWrite: this._canWrite,
      limit: this._data?.limit ?? WATCHLIST_CAP,
      addValue: this._addValue,
      problemText: (problem) => this.problemText(problem),
      writes: this.#writes,
      removals: this.#removals,
      note: this.#note,
    };
  }

  override render(): TemplateResult {
    const data = this._data;
    const used = data ? (data.used ?? data.data.length) : undefined;
    const limit = data?.limit ?? undefined;
    const view = this.#view();
    return html`<section class="base" part="base" aria-busy=${this._status === 'loading' ? 'true' : 'false'}>
      <header class="row head" part="header">
        ${this.renderTitle(this.t('watchlist.title'), { focusable: true })}
        ${used !== undefined
          ? html`<span class="usage muted small" part="usage"
              >${limit != null
                ? this.t('watchlist.usage', { used: String(used), limit: String(limit) })
                : this.t('watchlist.usageNoLimit', { used: String(used) })}</span
            >`
          : nothing}
      </header>
      ${this.renderStatus('watchlist', !!data)}
      ${data ? renderAddForm(view) : nothing}
      ${renderOrphanProblem(view, this.items)}
      ${data
        ? data.data.length === 0
          ? html`<p class="notice" part="empty">${this.t('watchlist.empty')}</p>`
          : html`<ul class="list" part="list">
                ${repeat(
                  this.#shown.slice(data.data),
                  (item) => item.id,
                  (item) => renderRow(view, item),
                )}
              </ul>
              ${this.renderMore(this.#shown, data.data.length, '[part="item"]')}`
        : nothing}
      ${data && !this._canWrite ? html`<p class="muted small">${this.t('watchlist.readOnly')}</p>` : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-watchlist': KyiWatchlist;
  }
}
