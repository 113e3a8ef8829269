/**
 * The built-in verification dialog: a modal `<dialog>` inside the caller's shadow root,
 * holding the vendor widget's iframe and speaking its postMessage protocol (`kyi:ready`,
 * `kyi:error` with a message payload, `kyi:close`). One component, two presentations: a
 * drawer at the inline end (default) or a centred modal (`presentation: 'modal'`, styles in
 * drawer.styles.ts); everything below holds for both. Used by `<kyi-verify-button>` and `kyi()`.
 *
 * What it does better than the vendor's client (field notes):
 * - a message counts only when it comes from the widget's exact origin AND from this
 *   drawer's own iframe window (the vendor matches a substring of the origin);
 * - no styles are injected into the page: the dialog is a Lit template rendered in shadow
 *   DOM and its styles (`drawerStyles`) are adopted by the host element, so a `style-src`
 *   without `'unsafe-inline'` holds; the only page-level change is the scroll lock, done
 *   through the CSSOM (`element.style`), which CSP does not restrict;
 * - callbacks never fire after `destroy()`, and `onClose` fires at most once.
 *
 * Modality comes from `showModal()`: the rest of the page is inert, so focus stays inside
 * the dialog even when it leaves the cross-origin iframe (a keydown trap in the page cannot
 * see keys pressed inside the iframe). Escape (`cancel`), the backdrop and the close button
 * all report `onClose`; the caller decides what closing means.
 */
import { html, nothing, render } from 'lit';
import { WIDGET_SCOPES, type WidgetScope } from '../../contract/enums.js';

/** How the dialog is presented: a panel at the inline end, or centred. */
export type WidgetPresentation = 'drawer' | 'modal';
export const WIDGET_PRESENTATIONS: readonly WidgetPresentation[] = ['drawer', 'modal'];

/** Browser features the widget's frame may use: its manual-signature step copies a challenge (field notes). */
export const WIDGET_FRAME_ALLOW = 'clipboard-write; web-share';

/** What a widget session reports. Each fires only while the session is live. */
export interface WidgetCallbacks {
  /** The widget posted `kyi:ready`. */
  onReady(): void;
  /** The widget posted `kyi:error`; `message` is its payload (e.g. "Access token expired"). */
  onError(message: string): void;
  /**
   * The widget (`kyi:close`) or the user (Escape, backdrop, close button) closed the drawer.
   * Fires at most once per session.
   */
  onClose(by: 'widget' | 'user'): void;
}

/** A running widget session (built-in drawer or vendor SDK adapter). */
export interface WidgetHandle {
  /** Loads the widget again with a new token in the same drawer (expired-token retry). */
  reload(token: string): void;
  /** Removes everything (nodes, listeners, scroll lock) without calling `onClose`. Idempotent. */
  destroy(): void;
}

/** The built-in drawer's handle: also gives its current frame. */
export interface DrawerHandle extends WidgetHandle {
  /** The widget's `<iframe>` (a new one after `reload`); `null` once destroyed. */
  readonly iframe: HTMLIFrameElement | null;
}

/**
 * The drawer's texts, by key of the strings table's `verifyButton` section: `drawerTitle`
 * (the dialog's accessible name and heading), `close` (the close button's name), `loading`
 * (shown until the widget is ready), `frameTitle` (the iframe's title).
 */
export type DrawerText = 'drawerTitle' | 'close' | 'loading' | 'frameTitle';

export interface DrawerOptions extends WidgetCallbacks {
  /** Where the dialog is rendered: an element in the caller's shadow root. Must be connected. */
  host: HTMLElement | DocumentFragment;
  /** Widget base URL (origin and optional base path); relative URLs resolve against the page. */
  widgetUrl: string;
  scope: WidgetScope;
  token: string;
  /** `drawer` (default): a panel at the inline end; `modal`: centred. Same behaviour either way. */
  presentation?: WidgetPresentation;
  text(key: DrawerText): string;
}

/** The text of a widget error payload or a thrown value: a string, or an object's string `message`; else `''`. */
export function messageOf(value: unknown): string {
  const message = typeof value === 'string' ? value : (value as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

// Page scroll lock, shared by every open drawer on the page.
let lockCount = 0;
let savedOverflow = '';

/** Number of drawers currently holding the scroll lock (tests). */
export function scrollLockCount(): number {
  return lockCount;
}

/** Opens the drawer and returns its handle. Throws if `host` is not connected. */
export function openDrawer(options: DrawerOptions): DrawerHandle {
  const { host, text } = options;
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  if (!win || !host.isConnected) throw new Error('The drawer host is not connected to a document');
  const root = doc.documentElement;

  let frame: HTMLIFrameElement | undefined;
  let origin = '';
  let ready = false;
  let live = true;
  let destroyed = false;

  const close = (by: 'widget' | 'user') => {
    // The caller destroys the drawer in response; until then nothing else may report.
    if (live) {
      live = false;
      options.onClose(by);
    }
  };
  const byUser = () => close('user');
  const onCancel = (event: Event) => {
    event.preventDefault();
    byUser();
  };
  const onClick = (event: MouseEvent) => {
    // The panel fills the dialog box, so a click whose target is the dialog itself landed on
    // the ::backdrop; the bounds check keeps a click on the box edge from counting.
    const r = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (event.target === dialog && (x < r.left || x > r.right || y < r.top || y > r.bottom)) byUser();
  };
  // Focus guards: `showModal()` makes the page inert, but Tab past the end of the widget
  // (inside the cross-origin iframe, where the page cannot see keys) may still leave the
  // document. A focusable guard after the iframe catches that and wraps to the close button;
  // one before the header wraps Shift+Tab to the widget.
  const onGuardStart = () => (frame ?? closeButton).focus();
  const onGuardEnd = () => closeButton.focus();

  // Chromium may close a dialog without a cancelable `cancel` (repeated Escape without user
  // activation): the `close` event catches that path. `autofocus`: `showModal()` focuses the
  // close button rather than the first focus guard.
  const draw = () =>
    render(
      html`<dialog class=${options.presentation === 'modal' ? 'drawer modal' : 'drawer'} part="drawer" role="dialog" aria-modal="true" aria-labelledby="kyi-drawer-title" @cancel=${onCancel} @close=${byUser} @click=${onClick}
        ><span class="visually-hidden" tabindex="0" @focus=${onGuardStart}></span
        ><div class="drawer-panel" part="drawer-panel"
          ><div class="drawer-header" part="drawer-header"
            ><h2 id="kyi-drawer-title" class="drawer-title" part="drawer-title">${text('drawerTitle')}</h2
            ><button type="button" class="drawer-close" part="close-button" aria-label=${text('close')} autofocus @click=${byUser}
              ><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" fill="none" /></svg></button></div
          ><div class="drawer-body" part="drawer-body" aria-busy=${ready ? nothing : 'true'}
            ><p class="drawer-status" part="drawer-status" role="status" ?hidden=${ready}><span class="spinner" aria-hidden="true"></span><span>${text('loading')}</span></p
            >${frame}</div
          ></div
        ><span class="visually-hidden" tabindex="0" @focus=${onGuardEnd}></span
      ></dialog>`,
      host,
    );

  /** A new iframe for each token, so nothing the previous document posts can count. */
  const mountFrame = (token: string) => {
    const url = new URL(`${options.widgetUrl.replace(/\/+$/, '')}/widget/${WIDGET_SCOPES[options.scope]}`, doc.baseURI);
    url.search = `${new URLSearchParams({ token, embed: 'true' })}`;
    origin = url.origin;
    frame = doc.createElement('iframe');
    frame.className = 'drawer-frame';
    frame.setAttribute('part', 'drawer-frame');
    frame.title = text('frameTitle');
    frame.setAttribute('allow', WIDGET_FRAME_ALLOW);
    frame.src = url.href;
    ready = false;
    draw();
  };

  const onMessage = ({ source, origin: from, data }: MessageEvent) => {
    // Exact origin AND this drawer's own iframe: a same-origin message from any other frame
    // (another widget, an ad, a page on the widget's origin) is ignored.
    if (!live || !frame || source !== frame.contentWindow || from !== origin) return;
    if (typeof data === 'string') {
      // Tolerate a JSON-encoded message; anything else is not ours.
      try {
        data = JSON.parse(data);
      } catch {
        return;
      }
    }
    const { type, payload } = (data ?? {}) as { type?: unknown; payload?: unknown };
    if (type === 'kyi:ready') {
      ready = true;
      draw();
      options.onReady();
    } else if (type === 'kyi:error') options.onError(messageOf(payload));
    else if (type === 'kyi:close') close('widget');
  };

  mountFrame(options.token);
  const dialog = host.querySelector('dialog')!;
  const closeButton = dialog.querySelector('button')!;
  win.addEventListener('message', onMessage);
  if (!lockCount++) {
    savedOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  dialog.showModal();
  closeButton.focus();

  return {
    get iframe() {
      return frame ?? null;
    },
    reload(token: string) {
      if (destroyed) return;
      live = true;
      mountFrame(token);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      live = false;
      win.removeEventListener('message', onMessage);
      if (dialog.open) dialog.close();
      render(nothing, host);
      frame = undefined;
      if (!--lockCount) {
        root.style.overflow = savedOverflow;
        if (!root.getAttribute('style')) root.removeAttribute('style');
      }
    },
  };
}
