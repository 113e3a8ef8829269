import { html, nothing, type TemplateResult } from 'lit';
import type { Notification, NotificationGroup, NotificationsEnvelope } from '../../contract/index.js';
import { NOTIFICATION_GROUP_NAMES, notificationGroupOf } from '../../contract/enums.js';
import { fetchNotifications } from '../../client/monitoring.js';
import { safeHttpUrl } from '../../client/urls.js';
import { KyiNotificationsEvent } from '../../events.js';
import type { StringKey } from '../../strings.js';
import { KyiMonitoringElement } from '../shared/monitoring-element.js';
import { formatDate } from '../shared/monitoring-parts.js';
import { monitoringStyles } from '../shared/monitoring.styles.js';
import { sharedStyles } from '../shared/styles.js';
import { notificationsStyles } from './notifications.styles.js';

/**
 * The monitoring inbox (`GET {proxy-url}/explorer/me/notifications`): the unread count and
 * the notifications grouped by kind — intake, change notices, obligation alerts. Links to
 * the notification and the change are shown for http(s) URLs only.
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
 * @csspart read-note - The note that marking read happens in the service's interface.
 * @csspart error - Error messages (`role="alert"`).
 * @csspart empty - The no-notifications text.
 *
 * @cssprop --kyi-notifications-unread-color - Marker color of unread items (default: the accent color).
 *
 * @fires kyi-notifications - A read settled. `detail: { unread, items }`.
 * @fires kyi-error - A read failed. `detail: { code, message, status }`.
 */
export class KyiNotifications extends KyiMonitoringElement {
  static override styles = [
    ...sharedStyles,
    monitoringStyles,
    notificationsStyles,
  ];

  static override properties = {
    unreadOnly: { type: Boolean, reflect: true, attribute: 'unread-only' },
    inboxUrl: { type: String, attribute: 'inbox-url' },
    _data: { state: true, attribute: false },
  };

  /** Only unread notifications (`unread=true`). */
  declare unreadOnly: boolean;
  /** The service's own interface, where notifications are marked read (http(s) only). */
  declare inboxUrl: string | undefined;

  declare private _data: NotificationsEnvelope | undefined;

  constructor() {
    super();
    this.unreadOnly = false;
    this.inboxUrl = undefined;
    this._data = undefined;
  }

  /** Unread count the service reported (0 before the first load). Read-only. */
  get unread(): number {
    return this._data?.unread ?? 0;
  }

  /** The notifications shown. Read-only. */
  get notifications(): Notification[] {
    return this._data?.items ?? [];
  }

  protected override loadKeys(): readonly string[] {
    return ['proxyUrl', 'unreadOnly'];
  }

  protected override async load(signal: AbortSignal): Promise<KyiNotificationsEvent> {
    const data = await fetchNotifications({ proxyUrl: this.proxy, signal }, this.unreadOnly ? { unread: true } : {});
    signal.throwIfAborted();
    this._data = data;
    return new KyiNotificationsEvent({ unread: data.unread, items: data.items });
  }

  #renderItem(n: Notification): TemplateResult {
    const unread = !n.readAt;
    const href = safeHttpUrl(n.href);
    const changeHref = safeHttpUrl(n.changeHref);
    return html`<li class="item" part="notification" data-kind=${n.kind} ?data-unread=${unread}>
      <div class="row head">
        <span class="title">${n.title ?? n.headline ?? this.tMaybe(`notifications.kind.${n.kind}`) ?? n.kind}</span>
        <span class="row">
          ${unread ? html`<span class="tag">${this.t('notifications.unreadTag')}</span>` : nothing}
          <span class="tag">${this.tMaybe(`notifications.kind.${n.kind}`) ?? n.kind}</span>
        </span>
      </div>
      <div class="meta small muted">
        ${n.assetName ? html`<span>${n.assetName}</span>` : nothing}
        <span>${formatDate(n.createdAt, this.renderLang)}</span>
      </div>
      ${n.headline && n.title ? html`<p>${n.headline}</p>` : nothing}
      ${n.body ? html`<p class="small">${n.body}</p>` : nothing}
      ${n.impact ? html`<p class="small"><span class="muted">${this.t('notifications.impact')}</span> ${n.impact}</p>` : nothing}
      ${href || changeHref
        ? html`<div class="row small">
            ${href
              ? html`<a href=${href} target="_blank" rel="noopener noreferrer"
                  >${this.t('notifications.open')}<span class="visually-hidden"> ${this.t('common.opensInNewTab')}</span></a
                >`
              : nothing}
            ${changeHref
              ? html`<a href=${changeHref} target="_blank" rel="noopener noreferrer"
                  >${this.t('notifications.viewChange')}<span class="visually-hidden"> ${this.t('common.opensInNewTab')}</span></a
                >`
              : nothing}
          </div>`
        : nothing}
    </li>`;
  }

  #renderGroups(items: Notification[]): TemplateResult {
    const groups = new Map<NotificationGroup | 'other', Notification[]>();
    for (const n of items) {
      const g = notificationGroupOf(n.kind) ?? 'other';
      groups.set(g, [...(groups.get(g) ?? []), n]);
    }
    const order: Array<NotificationGroup | 'other'> = [...NOTIFICATION_GROUP_NAMES, 'other'];
    return html`${order
      .filter((g) => groups.get(g)?.length)
      .map((g) => {
        const list = groups.get(g)!;
        const headingId = `group-${g}`;
        return html`<section class="group" part="group" data-group=${g} aria-labelledby=${headingId}>
          <h3 class="subheading" id=${headingId}>
            ${this.t(`notifications.group.${g}` as StringKey)} <span class="muted small">(${list.length})</span>
          </h3>
          <ul class="list" part="list">
            ${list.map((n) => this.#renderItem(n))}
          </ul>
        </section>`;
      })}`;
  }

  #inboxLink(): string | undefined {
    const own = safeHttpUrl(this.inboxUrl);
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
        <h2 class="heading">${this.t('notifications.title')}</h2>
        ${data
          ? html`<span class="count" part="unread" ?data-zero=${data.unread === 0}
              >${this.t('notifications.unread', { count: String(data.unread) })}</span
            >`
          : nothing}
      </header>
      ${this.renderStatus({ loading: this.t('notifications.loading'), error: () => this.t('notifications.error.load') }, !!data)}
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
            ${inbox
              ? html`<a href=${inbox} target="_blank" rel="noopener noreferrer"
                  >${this.t('notifications.readLink')}<span class="visually-hidden"> ${this.t('common.opensInNewTab')}</span></a
                >`
              : nothing}
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
