import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { WatchlistItem, WatchlistResponse } from '../../contract/index.js';
import { checkNote, parseWatchlistAddBody } from '../../contract/bodies.js';
import { LIMITS } from '../../contract/limits.js';
import {
  addWatchlistItem,
  fetchWatchlist,
  getCapabilities,
  removeWatchlistItem,
  updateWatchlistItem,
} from '../../client/monitoring.js';
import { emit } from '../../browser/events.js';
import { KyiWatchlistChangeEvent } from '../../browser/monitoring-events.js';
import { isAbortError, toProblem, type KyiProblem } from '../../client/errors.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { formatDate } from '../shared/monitoring-parts.js';
import { ShownRows } from '../shared/monitoring-pager.js';
import { withMonitoringStyles } from '../shared/monitoring.styles.js';
import { internalState } from '../shared/reactive-state.js';
import { announce } from '../shared/announce.js';
import { chainName } from '../shared/chain-names.js';
import { watchlistStyles } from './watchlist.styles.js';
import { PendingRemovals } from './removals.js';
import { assetLabel, noteBand, noteCounterText, renderState, without, type NoteBand } from './watchlist-parts.js';

/** The last write that failed: its item (or `add` for the add form) and why. */
interface WriteFailure {
  target: string;
  problem: KyiProblem;
}

/** A write that succeeded: the state it leaves (applied only if its run is still the latest) and the event saying so. */
interface WriteDone {
  apply: () => void;
  event: KyiWatchlistChangeEvent;
}

/** How a write run ended: done, or its problem (with the list as read again when the item was gone). */
type WriteOutcome = { done: WriteDone; problem?: undefined; data?: undefined } | { done?: undefined; problem: KyiProblem; data?: WatchlistResponse | undefined };

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
 * @csspart retry-button - The error's Retry button (none when the request itself was refused, 400).
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

  static override properties = internalState('_data', '_canWrite', '_busy', '_failure', '_editing', '_draft', '_addValue', '_removing');

  private _data: WatchlistResponse | undefined = undefined;
  private _canWrite = false;
  /** Items (or `add`) with a write in flight: each shows busy until its own write settles. */
  private _busy: ReadonlySet<string> = new Set();
  private _failure: WriteFailure | undefined = undefined;
  private _editing: string | undefined = undefined;
  private _draft = '';
  private _addValue = '';
  /** Items removed in the view whose removal waits out the undo delay. */
  private _removing: ReadonlySet<string> = new Set();

  readonly #removals = new PendingRemovals();
  readonly #shown = new ShownRows(this);
  /** Items whose switch was pressed again while its change was being saved. */
  readonly #flipAgain = new Set<string>();

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Leaving the page is not an undo: what was removed is removed now. Those removals are sent
    // outside the write run (it was just aborted and writes no state on a detached element).
    const proxyUrl = this.proxy;
    const removed = new Set(this.#removals.takeAll());
    for (const id of removed) void removeWatchlistItem({ proxyUrl }, id).catch(() => {});
    if (this._data && removed.size) {
      this._data = { ...this._data, data: this._data.data.filter((i) => !removed.has(i.id)) };
    }
    this._removing = new Set();
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
    if (kind === 'poll' && this._data) {
      // items added elsewhere since are shown besides what was
      const seen = new Set(this._data.data.map((i) => i.id));
      this.#shown.grow(data.data.filter((i) => !seen.has(i.id)).length);
    } else {
      this.#shown.reset();
    }
    this._data = data;
    this._canWrite = caps.explorerWrites === true;
  }

  protected override clearData(): void {
    this._data = undefined;
    this._canWrite = false;
    this._editing = undefined;
  }

  // ---------------------------------------------------------------- writes

  /**
   * Runs a write as the write run of its target (`writeRun`, the kit's one async controller):
   * its requests — the write and any read after it — get the run's signal, so a newer write of
   * the same target or the element leaving the page aborts them, and only the latest run writes
   * its result (`apply`), then the change event fires once the element shows it. Writes of
   * other items go on beside it. Resolves when the run has settled.
   */
  #write(target: string, run: (signal: AbortSignal) => Promise<WriteDone>): Promise<void> {
    this._busy = new Set(this._busy).add(target);
    if (this._failure?.target === target) this._failure = undefined;
    const proxyUrl = this.proxy;
    const writes = this.writeRun(target);
    writes.start(
      async (signal): Promise<WriteOutcome> => {
        try {
          return { done: await run(signal) };
        } catch (error) {
          if (isAbortError(error)) throw error;
          const problem = toProblem(error);
          // 404 on an item: it is gone (removed elsewhere); the list is read as it is now.
          const gone = problem.status === 404 && target !== 'add';
          return { problem, data: gone ? await fetchWatchlist({ proxyUrl, signal }).catch(() => undefined) : undefined };
        }
      },
      async (r, stillLatest) => {
        const outcome: WriteOutcome = r.ok ? r.value : { problem: toProblem(r.error) };
        this._busy = without(this._busy, target);
        if (outcome.done) {
          outcome.done.apply();
          await this.updateComplete;
          if (stillLatest()) emit(this, outcome.done.event);
          return;
        }
        this._failure = { target, problem: outcome.problem };
        if (outcome.data) this._data = outcome.data;
        this.reportError(outcome.problem);
      },
    );
    // Aborted (the element left the page) or replaced: no settle ran, so the mark goes here
    // unless a newer write of the same target is still in flight.
    return writes.done.finally(() => {
      if (!writes.running) this._busy = without(this._busy, target);
    });
  }

  #replace(item: WatchlistItem): void {
    if (!this._data) return;
    this._data = { ...this._data, data: this._data.data.map((i) => (i.id === item.id ? item : i)) };
  }

  async #add(event: Event): Promise<void> {
    event.preventDefault();
    if (this.#busy('add')) return;
    const assetId = this._addValue.trim();
    if (!parseWatchlistAddBody({ assetId }).ok) {
      this._failure = {
        target: 'add',
        problem: { code: 'invalid_asset_id', message: this.t('watchlist.error.assetId'), status: 0 },
      };
      // The field says what is wrong (aria-invalid, described by the message): focus goes there.
      await this.updateComplete;
      this.#addField()?.focus();
      return;
    }
    const proxyUrl = this.proxy;
    await this.#write('add', async (signal) => {
      const item = await addWatchlistItem({ proxyUrl, signal }, assetId);
      const data = await fetchWatchlist({ proxyUrl, signal }).catch((error: unknown) => {
        if (isAbortError(error)) throw error;
        return undefined;
      });
      const apply = () => {
        this._addValue = '';
        if (data) this._data = data;
        else if (this._data && !this._data.data.some((i) => i.id === item.id)) {
          this._data = { ...this._data, data: [item, ...this._data.data] };
        }
        this.#reveal(item.id);
        announce(this, this.t('watchlist.added', { name: assetLabel(item) }));
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'add', itemId: item.id, item }) };
    });
    // Added: the emptied field is ready for the next id (the notice says what was added).
    if (this._failure?.target !== 'add' && this.#focusWithin('[part="add-form"]')) this.#addField()?.focus();
  }

  /**
   * An added item is shown wherever the list puts it, and nothing shown before drops off the
   * end of the page: the shown rows grow to reach it (or by the one it pushed down).
   */
  #reveal(itemId: string): void {
    const at = this.items.findIndex((i) => i.id === itemId);
    if (at >= 0 && this.items.length > this.#shown.limit) this.#shown.grow(Math.max(1, at + 1 - this.#shown.limit));
  }

  #addField(): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>('#add-asset');
  }

  /** Whether focus is inside the element's part matching `selector`. */
  #focusWithin(selector: string): boolean {
    const active = (this.renderRoot as ShadowRoot).activeElement;
    return !!active && !!active.closest(selector);
  }

  /**
   * The switch stays focusable while its change is saved (`aria-disabled`, not `disabled`, so
   * focus never falls to the page): a press meanwhile asks for one more flip once the save settles.
   */
  async #toggle(item: WatchlistItem): Promise<void> {
    if (this.#busy(item.id)) {
      if (!this.#flipAgain.delete(item.id)) this.#flipAgain.add(item.id);
      return;
    }
    const proxyUrl = this.proxy;
    await this.#write(item.id, async (signal) => {
      const updated = await updateWatchlistItem({ proxyUrl, signal }, item.id, { monitoringEnabled: !item.monitoringEnabled });
      return { apply: () => this.#replace(updated), event: new KyiWatchlistChangeEvent({ action: 'update', itemId: updated.id, item: updated }) };
    });
    const again = this.#flipAgain.delete(item.id) && this._failure?.target !== item.id;
    const current = this.items.find((i) => i.id === item.id);
    if (again && current) await this.#toggle(current);
  }

  /** Whether a write on `target` (an item id or `add`) is in flight. */
  #busy(target: string): boolean {
    return this._busy.has(target);
  }

  async #saveNote(event: Event, item: WatchlistItem): Promise<void> {
    event.preventDefault();
    if (!checkNote(this._draft).ok || this.#busy(item.id)) return;
    const note = this._draft.trim() === '' ? null : this._draft;
    const proxyUrl = this.proxy;
    await this.#write(item.id, async (signal) => {
      const updated = await updateWatchlistItem({ proxyUrl, signal }, item.id, { note });
      const apply = () => {
        this.#replace(updated);
        this._editing = undefined;
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'update', itemId: updated.id, item: updated }) };
    });
    if (this._editing === undefined) this.#focusIn(item.id, '.edit-note');
  }

  /** Closes the note editor unsaved (Cancel or Escape); focus goes back to its Edit note button. */
  async #cancelEdit(item: WatchlistItem): Promise<void> {
    this._editing = undefined;
    await this.updateComplete;
    this.#focusIn(item.id, '.edit-note');
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
      const target = this.#focusWithin(`[part="item"][data-id="${CSS.escape(item.id)}"]`) ? this.#focusAfter(item.id) : undefined;
      target?.focus();
      void this.#remove(item).finally(() => this.isConnected && (this._removing = without(this._removing, item.id)));
    });
    this._removing = new Set([...this._removing, item.id]);
    this._failure = undefined;
    void this.updateComplete.then(() => this.#focusIn(item.id, '.undo'));
  }

  #undoRemoval(item: WatchlistItem): void {
    if (!this.#removals.undo(item.id)) return;
    this._removing = without(this._removing, item.id);
    void this.updateComplete.then(() => this.#focusIn(item.id, '.remove'));
  }

  /** Where focus goes when the row of `itemId` leaves: a named, visible control near it. */
  #focusAfter(itemId: string): HTMLElement | undefined {
    const rows = [...this.renderRoot.querySelectorAll<HTMLElement>('[part="item"]:not([data-removing])')];
    const all = [...this.renderRoot.querySelectorAll<HTMLElement>('[part="item"]')];
    const at = all.findIndex((r) => r.dataset['id'] === itemId);
    const next = rows.find((r) => all.indexOf(r) > at) ?? rows.reverse().find((r) => all.indexOf(r) < at);
    const control = next?.querySelector<HTMLElement>('button, input, textarea');
    return control ?? this.#addField() ?? this.renderRoot.querySelector<HTMLElement>('.heading') ?? undefined;
  }

  #focusIn(itemId: string, selector: string): void {
    this.renderRoot.querySelector<HTMLElement>(`[part="item"][data-id="${CSS.escape(itemId)}"] ${selector}`)?.focus();
  }

  async #remove(item: WatchlistItem): Promise<void> {
    const proxyUrl = this.proxy;
    await this.#write(item.id, async (signal) => {
      await removeWatchlistItem({ proxyUrl, signal }, item.id);
      const apply = () => {
        if (this._data) {
          const data = this._data.data.filter((i) => i.id !== item.id);
          const used = typeof this._data.used === 'number' ? Math.max(0, this._data.used - 1) : this._data.used;
          this._data = { ...this._data, data, used };
        }
        announce(this, this.t('watchlist.removed', { name: assetLabel(item) }));
      };
      return { apply, event: new KyiWatchlistChangeEvent({ action: 'remove', itemId: item.id, item: null }) };
    });
  }

  /** The band the note's length was last in: the counter is announced when it changes band, not per key. */
  #noteBand: NoteBand = 'room';

  #onNoteInput(value: string): void {
    this._draft = value;
    const band = noteBand(value);
    if (band === this.#noteBand) return;
    this.#noteBand = band;
    announce(this, this.#counterText(value));
  }

  /** "27 / 500 characters", and how many too many. */
  #counterText(draft: string): string {
    return noteCounterText(draft, (key, params) => this.t(key, params));
  }

  #startEdit(item: WatchlistItem): void {
    this._editing = item.id;
    this._draft = item.note ?? '';
    this.#noteBand = noteBand(this._draft);
    this._failure = undefined;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLTextAreaElement>('textarea')?.focus());
  }

  // ---------------------------------------------------------------- render

  /** Words for a failed write: 409 and 404 explained, the rest like a read failure. */
  #writeProblemText(problem: KyiProblem, target: string): string {
    switch (problem.code) {
      case 'invalid_asset_id':
        return problem.message;
      case 'watchlist_limit_reached':
        return this.t('watchlist.error.full', { limit: String(this._data?.limit ?? LIMITS.watchlistCap) });
      case 'not_found':
        return target === 'add' ? this.t('watchlist.error.assetNotFound') : this.t('watchlist.error.itemGone');
      case 'writes_disabled':
        return this.t('watchlist.error.writesDisabled');
      case 'forbidden':
        return this.t('watchlist.error.forbidden');
    }
    return problem.status === 400 ? problem.message : this.problemText(problem);
  }

  #renderActionProblem(target: string, id?: string): TemplateResult | typeof nothing {
    const a = this._failure;
    if (a?.target !== target) return nothing;
    return html`<p class="inline-error" role="alert" part="error" id=${id ?? nothing}>${this.#writeProblemText(a.problem, target)}</p>`;
  }

  /** A failed write on an item no longer listed (a 404 refreshed it away) is shown above the list. */
  #renderOrphanProblem(): TemplateResult | typeof nothing {
    const a = this._failure;
    if (!a || a.target === 'add' || this.items.some((i) => i.id === a.target)) return nothing;
    return html`<p class="inline-error" role="alert" part="error">${this.#writeProblemText(a.problem, a.target)}</p>`;
  }

  #renderNote(item: WatchlistItem, busy: boolean): TemplateResult {
    if (this._editing === item.id) {
      const over = !checkNote(this._draft).ok;
      const id = `note-${item.id}`;
      const onKey = (e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        void this.#cancelEdit(item);
      };
      return html`<form class="note-editor" part="note" @submit=${(e: Event) => this.#saveNote(e, item)} @keydown=${onKey}>
        <label for=${id}>${this.t('watchlist.note.label', { name: assetLabel(item) })}</label>
        <textarea
          id=${id}
          .value=${this._draft}
          aria-describedby=${`${id}-count`}
          aria-invalid=${over ? 'true' : 'false'}
          @input=${(e: Event) => this.#onNoteInput((e.target as HTMLTextAreaElement).value)}
        ></textarea>
        <div class="row">
          <span id=${`${id}-count`} class="counter" ?data-over=${over}>${this.#counterText(this._draft)}</span>
          <span class="muted small">${this.t('watchlist.note.emptyClears')}</span>
        </div>
        <div class="row">
          <button class="button small primary" type="submit" ?disabled=${over} aria-disabled=${busy ? 'true' : nothing}>${this.t('watchlist.note.save')}</button>
          <button class="button small" type="button" @click=${() => this.#cancelEdit(item)}>
            ${this.t('watchlist.note.cancel')}
          </button>
        </div>
      </form>`;
    }
    return html`<div class="note" part="note">
      ${item.note
        ? html`<span class="muted small">${this.t('watchlist.note.heading')}</span>
            <span class="note-text">${item.note}</span>`
        : html`<span class="muted small">${this.t('watchlist.note.none')}</span>`}
    </div>`;
  }

  #renderItem(item: WatchlistItem): TemplateResult {
    if (this._removing.has(item.id)) return this.#renderRemoved(item);
    const busy = this.#busy(item.id);
    const a = item.asset;
    return html`<li class="item" part="item" tabindex="-1" data-id=${item.id} data-state=${item.state} aria-busy=${busy ? 'true' : 'false'}>
      <div class="row head">
        <p class="title" role="heading" aria-level=${String(this.rowHeadingLevel)}><bdi>${a.name ?? a.symbol ?? a.id}</bdi>${a.symbol && a.name ? html`<span class="muted"> (<bdi>${a.symbol}</bdi>)</span>` : nothing}</p>
        ${renderState(item, (key, params) => this.t(key, params), this.renderLang)}
      </div>
      <div class="meta small muted">
        ${a.issuerName ? html`<bdi>${a.issuerName}</bdi>` : nothing}
        ${a.chain ? html`<span>${chainName(a.chain)}</span>` : nothing}
        ${a.contractAddress ? html`<span class="mono address">${a.contractAddress}</span>` : nothing}
        <span>${this.t('watchlist.addedAt', { date: formatDate(item.addedAt, this.renderLang) })}</span>
      </div>
      <div class="row controls">${this.#renderMonitoring(item, busy)} ${this.#renderActions(item, busy)}</div>
      ${this.#renderNote(item, busy)} ${this.#renderActionProblem(item.id)}
    </li>`;
  }

  /** Monitoring on/off: a switch where writes are allowed, else the words alone. */
  #renderMonitoring(item: WatchlistItem, busy: boolean): TemplateResult {
    const on = item.monitoringEnabled === true;
    if (!this._canWrite)
      return html`<span class="monitoring" data-on=${on ? 'true' : 'false'}
        >${on ? this.t('watchlist.monitoring.on') : this.t('watchlist.monitoring.off')}</span
      >`;
    // Its name is its visible words, then the asset for screen readers: "Monitoring paused for
    // <asset>" (WCAG 2.5.3: the name holds what is shown, so "click Monitoring paused" works).
    return html`<button
      class="switch"
      part="switch"
      type="button"
      role="switch"
      aria-checked=${on ? 'true' : 'false'}
      aria-disabled=${busy ? 'true' : nothing}
      @click=${() => this.#toggle(item)}
    >
      <span class="track" aria-hidden="true"><span class="thumb"></span></span
      ><span class="monitoring" data-on=${on ? 'true' : 'false'}>${this.t('watchlist.monitoring.label')}</span
      > <span class="monitoring-state">${on ? this.t('watchlist.monitoring.stateOn') : this.t('watchlist.monitoring.stateOff')}</span
      ><span class="visually-hidden"> ${this.t('watchlist.monitoring.for', { name: assetLabel(item) })}</span>
    </button>`;
  }

  /** Edit note and Remove, at the end of the controls row. */
  #renderActions(item: WatchlistItem, busy: boolean): TemplateResult | typeof nothing {
    if (!this._canWrite) return nothing;
    const name = assetLabel(item);
    return html`<span class="actions">
      ${this._editing === item.id
        ? nothing
        : html`<button class="button small edit-note" type="button" aria-label=${this.t('watchlist.note.editLabel', { name })} aria-disabled=${busy ? 'true' : nothing} @click=${() => busy || this.#startEdit(item)}>
            ${this.t('watchlist.note.edit')}
          </button>`}
      <button
        class="button small danger remove"
        type="button"
        aria-label=${this.t('watchlist.removeLabel', { name })}
        aria-disabled=${busy ? 'true' : nothing}
        @click=${() => busy || this.#scheduleRemoval(item)}
      >
        ${this.t('watchlist.remove')}
      </button>
    </span>`;
  }

  /** A removed item during its undo delay (and while the removal is sent). */
  #renderRemoved(item: WatchlistItem): TemplateResult {
    const name = assetLabel(item);
    const pending = this.#removals.has(item.id);
    return html`<li class="item removed" part="item" tabindex="-1" data-id=${item.id} data-removing aria-busy=${pending ? 'false' : 'true'}>
      <div class="row head">
        <span>${this.t('watchlist.removedPending', { name })}</span>
        ${pending
          ? html`<button class="button small undo" type="button" aria-label=${this.t('watchlist.undoLabel', { name })} @click=${() => this.#undoRemoval(item)}>
              ${this.t('watchlist.undo')}
            </button>`
          : nothing}
      </div>
    </li>`;
  }

  #renderAdd(): TemplateResult | typeof nothing {
    if (!this._canWrite) return nothing;
    const busy = this.#busy('add');
    const invalid = this._failure?.target === 'add' && this._failure.problem.code === 'invalid_asset_id';
    return html`<form class="add" part="add-form" @submit=${(e: Event) => this.#add(e)}>
      <label for="add-asset">${this.t('watchlist.add.label')}</label>
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
          .value=${this._addValue}
          @input=${(e: Event) => (this._addValue = (e.target as HTMLInputElement).value)}
        />
        <button class="button primary" type="submit" aria-disabled=${busy ? 'true' : nothing}>${this.t('watchlist.add.button')}</button>
      </div>
      ${this.#renderActionProblem('add', 'add-error')}
    </form>`;
  }

  override render(): TemplateResult {
    const data = this._data;
    const used = data ? (data.used ?? data.data.length) : undefined;
    const limit = data?.limit ?? undefined;
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
      ${this.renderStatus({ loading: this.t('watchlist.loading'), signIn: this.t('watchlist.signIn'), denied: this.t('watchlist.denied'), error: () => this.t('watchlist.error.load') }, !!data)}
      ${data ? this.#renderAdd() : nothing}
      ${this.#renderOrphanProblem()}
      ${data
        ? data.data.length === 0
          ? html`<p class="notice" part="empty">${this.t('watchlist.empty')}</p>`
          : html`<ul class="list" part="list">
                ${repeat(
                  this.#shown.slice(data.data),
                  (item) => item.id,
                  (item) => this.#renderItem(item),
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
