import { html, nothing, type TemplateResult } from '../shared/lit-html.js';
import type { Notification, NotificationGroup, NotificationsEnvelope } from '../../contract/index.js';
import { NOTIFICATION_GROUP_NAMES, notificationGroupOf } from '../../contract/enums.js';
import { fetchNotifications } from '../../client/monitoring.js';
import { configuredHttpUrl, safeHttpUrl } from '../../browser/config.js';
import { KyiNotificationsEvent } from '../../browser/monitoring-events.js';
import { tMaybe, type StringKey } from '../../browser/strings.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { addsInformation, formatDate, restates } from '../shared/monitoring-parts.js';
import { ShownRows } from '../shared/monitoring-pager.js';
import { withMonitoringStyles } from '../shared/monitoring.styles.js';
import { internalState } from '../shared/reactive.js';
import { notificationsStyles } from './notifications.styles.js';

type GroupName = NotificationGroup | 'other';
const GROUP_ORDER: readonly GroupName[] = [...NOTIFICATION_GROUP_NAMES, 'other'];

/**
 * The monitoring inbox (`GET {proxy-url}/explorer/me/notifications`): the unread count and
 * the notifications grouped by kind — intake, change notices, obligation alerts — 25 at a
 * time with "Show more". Each says a thing once: a body that restates the headline, or a kind
 * the title already names, is left out. Links to the notification and the change are shown
 * for http(s) URLs only.
 *
 * Marking notifications read cannot be done with an API key; the element says so and
 * links to the service's own interface (`inbox-url`).
 *
 * With `refresh-interval` it re-reads at that cadence (at least every 30 s, paused while
 * the page is hidden, slower after a 429).
 *
 * @tag kyi-notifications
 * @summary Monitoring notifications by kind group, with the unread count and polling.
 *
 * @csspart base - The outer wrapper.
 * @csspart unread - The unread count.
 * @csspart group - One kind group (`<section>`).
 * @csspart list - A group's `<ul>`.
 * @csspart notification - One notification.
 * @csspart more - Below a long list: how many are shown, and the "Show more" button.
 * @csspart read-note - The note that marking read happens in the service's interface.
 * @csspart error - The error box (shown, not announced).
 * @csspart retry-button - The error's Retry button; none where retrying cannot help (the request itself refused, 400; the site's configuration, which a `refresh-interval` still reads again, in case the partner fixed it).
 * @csspart sign-in - The notice shown instead of the data when the site's server asks the visitor to sign in (401).
 * @csspart access-denied - The notice shown instead of the data when the site's server does not give the visitor access (403).
 * @csspart empty - The no-notifications text.
 *
 * @cssprop --kyi-notifications-unread-color - Marker color of unread items (default: the accent color).
 *
 * @fires kyi-notifications - A read settled. `detail: { unread, items }`.
 * @fires kyi-error - A read failed. `detail: { code, message, status }`.
 */
export class KyiNotifications extends KyiMonitoringElement {
  static override styles = withMonitoringStyles(notificationsStyles);

  static override properties = {
    unreadOnly: { type: Boolean, reflect: true, attribute: 'unread-only' },
    inboxUrl: { type: String, attribute: 'inbox-url' },
    ...internalState('_data'),
  };

  /** Only unread notifications (`unread=true`). */
  unreadOnly: boolean = false;
  /** The service's own interface, where notifications are marked read (http(s); relative to the page). */
  inboxUrl: string | undefined = undefined;

  private _data: NotificationsEnvelope | undefined = undefined;

  readonly #shown = new ShownRows(this);

  /** Unread count the service reported (0 before the first load). Read-only. */
  get unread(): number {
    return this._data?.unread ?? 0;
  }

  /** The notifications read (rendered 25 at a time, with "Show more"). Read-only. */
  get notifications(): Notification[] {
    return this._data?.items ?? [];
  }

  protected static override inputs: readonly PropertyKey[] = ['proxyUrl', 'unreadOnly'];

  protected override async load(signal: AbortSignal, kind: 'full' | 'poll'): Promise<KyiNotificationsEvent> {
    const data = await fetchNotifications({ proxyUrl: this.proxy, signal }, this.unreadOnly ? { unread: true } : {});
    signal.throwIfAborted();
    this.#shown.afterRead(kind, this._data?.items, data.items);
    this._data = data;
    return new KyiNotificationsEvent({ unread: data.unread, items: data.items });
  }

  protected override clearData(): void {
    this._data = undefined;
  }

  #renderItem(n: Notification): TemplateResult {
    const kind = tMaybe(`notifications.kind.${n.kind}`, undefined, this.renderLang) ?? n.kind;
    const title = n.title ?? n.headline ?? kind;
    const headline = n.title && addsInformation(n.headline, [title]) ? n.headline : undefined;
    const body = addsInformation(n.body, [title, n.headline, n.assetName]) && !restates(n.body, n.headline) ? n.body : undefined;
    return html`<li class="item" part="notification" tabindex="-1" ?data-unread=${!n.readAt}>
      <div class="row head">
        <span class="title">${title}</span>
        <span class="row">
          ${n.readAt ? nothing : html`<span class="tag">${this.t('notifications.unreadTag')}</span>`}
          ${addsInformation(kind, [title]) ? html`<span class="tag">${kind}</span>` : nothing}
        </span>
      </div>
      <div class="meta small muted">
        ${addsInformation(n.assetName, [title]) ? html`<span>${n.assetName}</span>` : nothing}
        <span>${formatDate(n.createdAt, this.renderLang)}</span>
      </div>
      ${headline ? html`<p>${headline}</p>` : nothing} ${body ? html`<p class="small">${body}</p>` : nothing}
      ${n.impact ? html`<p class="small"><span class="muted">${this.t('notifications.impact')}</span> ${n.impact}</p>` : nothing}
      ${this.renderLinks([
        [n.href, this.t('notifications.open')],
        [n.changeHref, this.t('notifications.viewChange')],
      ])}
    </li>`;
  }

  /** The notifications by kind group, in the groups' order. */
  #groups(items: Notification[]): Array<[GroupName, Notification[]]> {
    const groups = new Map<GroupName, Notification[]>();
    for (const n of items) {
      const g = notificationGroupOf(n.kind) ?? 'other';
      groups.set(g, [...(groups.get(g) ?? []), n]);
    }
    return GROUP_ORDER.filter((g) => groups.has(g)).map((g) => [g, groups.get(g)!]);
  }

  /** The groups, paged in reading order: the first 25 notifications down the groups, then 25 more… */
  #renderGroups(items: Notification[]): TemplateResult {
    let left = this.#shown.limit;
    const sections = this.#groups(items).map(([g, list]) => {
      const shown = list.slice(0, Math.max(0, left));
      left -= shown.length;
      return shown.length === 0 ? nothing : this.#renderGroup(g, shown, list.length);
    });
    return html`${sections}${this.renderMore(this.#shown, items.length, '[part="notification"]')}`;
  }

  #renderGroup(g: GroupName, shown: Notification[], total: number): TemplateResult {
    const headingId = `group-${g}`;
    const count = shown.length === total ? String(total) : this.t('notifications.groupPartial', { shown: String(shown.length), total: String(total) });
    return html`<section class="group" part="group" aria-labelledby=${headingId}>
      <p class="title" role="heading" aria-level=${String(this.rowHeadingLevel)} id=${headingId}>
        ${this.t(`notifications.group.${g}` as StringKey)} <span class="muted small">(${count})</span>
      </p>
      <ul class="list" part="list">
        ${shown.map((n) => this.#renderItem(n))}
      </ul>
    </section>`;
  }

  #inboxLink(): string | undefined {
    const own = configuredHttpUrl(this.inboxUrl);
    if (own) return own;
    // Without an explicit URL, the service's own pages are where its links point.
    const first = this._data?.items.map((n) => safeHttpUrl(n.href)).find(Boolean);
    return first ? new URL(first).origin : undefined;
  }

  override render(): TemplateResult {
    const data = this._data;
    const inbox = this.#inboxLink();
    return html`<section class="base" part="base" aria-busy=${this._status === 'loading' ? 'true' : 'false'}>
      <header class="row head">
        ${this.renderTitle(this.t('notifications.title'))}
        ${data
          ? html`<span class="tag count" part="unread" ?data-zero=${data.unread === 0}
              >${this.t('notifications.unread', { count: String(data.unread) })}</span
            >`
          : nothing}
      </header>
      ${this.renderStatus('notifications', !!data)}
      ${data
        ? data.items.length === 0
          ? html`<p class="notice" part="empty">
              ${this.unreadOnly ? this.t('notifications.emptyUnread') : this.t('notifications.empty')}
            </p>`
          : this.#renderGroups(data.items)
        : nothing}
      ${data
        ? html`<p class="small muted" part="read-note">
            ${this.t('notifications.readNote')}
            ${inbox ? this.renderExternalLink(inbox, this.t('notifications.readLink')) : nothing}
          </p>`
        : nothing}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-notifications': KyiNotifications;
  }
}
