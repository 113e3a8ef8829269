/**
 * The built-in verification drawer: a modal `<dialog>` inside the calling element's shadow
 * root, holding the vendor widget's iframe and speaking its postMessage protocol
 * (`kyi:ready`, `kyi:error` with a message payload, `kyi:close`).
 *
 * What it does better than the vendor's client (field notes):
 * - a message counts only when it comes from the widget's exact origin AND from this
 *   drawer's own iframe window (the vendor matches a substring of the origin);
 * - no styles are injected into the page: the dialog lives in shadow DOM and its styles
 *   (`drawerStyles`) are adopted by the host element, so a `style-src` without
 *   `'unsafe-inline'` holds; the only page-level change is the scroll lock, done through
 *   the CSSOM (`element.style`), which CSP does not restrict;
 * - callbacks never fire after `destroy()`, and `onClose` fires at most once.
 *
 * Modality comes from `showModal()`: the rest of the page is inert, so focus stays inside
 * the dialog even when it leaves the cross-origin iframe (a keydown trap in the page cannot
 * see keys pressed inside the iframe). Escape (`cancel`), the backdrop and the close button
 * all report `onClose`; the caller decides what closing means.
 */
import { css } from 'lit';
import { WIDGET_SCOPES, type WidgetScope } from '../contract/index.js';

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

export interface DrawerStrings {
  /** The dialog's accessible name and visible heading. */
  title: string;
  /** Accessible name of the close button. */
  close: string;
  /** Shown until the widget reports ready. */
  loading: string;
  /** The iframe's title. */
  frameTitle: string;
}

export interface DrawerOptions extends WidgetCallbacks {
  /** Where the dialog is appended: the element's shadow root. Must be connected. */
  host: Element | DocumentFragment;
  /** Widget base URL (origin and optional base path); relative URLs resolve against the page. */
  widgetUrl: string;
  scope: WidgetScope;
  token: string;
  strings: DrawerStrings;
}

/** `{widgetUrl}/widget/{kyi|assets|wallets}?token=…&embed=true`, absolute. */
export function widgetFrameUrl(widgetUrl: string, scope: WidgetScope, token: string, base?: string): URL {
  const root = widgetUrl.replace(/\/+$/, '');
  const url = new URL(`${root}/widget/${WIDGET_SCOPES[scope]}`, base ?? (typeof document === 'undefined' ? undefined : document.baseURI));
  url.searchParams.set('token', token);
  url.searchParams.set('embed', 'true');
  return url;
}

/** A parsed widget message, or `undefined` for anything that is not one. */
export function parseWidgetMessage(
  data: unknown,
): { type: 'kyi:ready' } | { type: 'kyi:close' } | { type: 'kyi:error'; message: string } | undefined {
  if (typeof data === 'string') {
    // Tolerate a JSON-encoded message; anything else is not ours.
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!data || typeof data !== 'object') return undefined;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  if (type === 'kyi:ready' || type === 'kyi:close') return { type };
  if (type === 'kyi:error') {
    const message =
      typeof payload === 'string'
        ? payload
        : payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string'
          ? (payload as { message: string }).message
          : '';
    return { type, message };
  }
  return undefined;
}

// ---- page scroll lock (shared by every open drawer on the page) ----

let lockCount = 0;
let savedOverflow = '';

/** Locks page scrolling until the returned function is called (once; later calls do nothing). */
export function lockPageScroll(doc: Document): () => void {
  const root = doc.documentElement;
  if (lockCount++ === 0) {
    savedOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--lockCount === 0) {
      root.style.overflow = savedOverflow;
      if (!root.getAttribute('style')) root.removeAttribute('style');
    }
  };
}

/** Number of drawers currently holding the scroll lock (tests). */
export function scrollLockCount(): number {
  return lockCount;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function closeIcon(doc: Document): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', 'M6 6l12 12M18 6L6 18');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('fill', 'none');
  svg.append(path);
  return svg;
}

/** Opens the drawer and returns its handle. Throws if `host` is not connected. */
export function openDrawer(options: DrawerOptions): WidgetHandle {
  const { host, scope, strings } = options;
  const doc = host.ownerDocument;
  const win = doc.defaultView;
  if (!win || !host.isConnected) throw new Error('The drawer host is not connected to a document');

  const dialog = doc.createElement('dialog');
  dialog.className = 'drawer';
  dialog.setAttribute('part', 'drawer');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'kyi-drawer-title');

  const panel = doc.createElement('div');
  panel.className = 'drawer-panel';
  panel.setAttribute('part', 'drawer-panel');

  const header = doc.createElement('div');
  header.className = 'drawer-header';
  header.setAttribute('part', 'drawer-header');
  const title = doc.createElement('h2');
  title.id = 'kyi-drawer-title';
  title.className = 'drawer-title';
  title.setAttribute('part', 'drawer-title');
  title.textContent = strings.title;
  const closeButton = doc.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'drawer-close';
  closeButton.setAttribute('part', 'close-button');
  closeButton.setAttribute('aria-label', strings.close);
  closeButton.autofocus = true; // showModal() focuses it rather than the first focus guard
  closeButton.append(closeIcon(doc));
  header.append(title, closeButton);

  const body = doc.createElement('div');
  body.className = 'drawer-body';
  body.setAttribute('part', 'drawer-body');
  const status = doc.createElement('p');
  status.className = 'drawer-status';
  status.setAttribute('part', 'drawer-status');
  status.setAttribute('role', 'status');
  const spinner = doc.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const statusText = doc.createElement('span');
  statusText.textContent = strings.loading;
  status.append(spinner, statusText);
  body.append(status);

  // Focus guards: `showModal()` makes the page inert, but Tab past the end of the widget
  // (inside the cross-origin iframe, where the page cannot see keys) may still leave the
  // document. A focusable guard after the iframe catches that and wraps to the close button;
  // one before the header wraps Shift+Tab to the widget.
  const guardStart = doc.createElement('span');
  const guardEnd = doc.createElement('span');
  for (const guard of [guardStart, guardEnd]) {
    guard.className = 'focus-guard';
    guard.tabIndex = 0;
  }
  dialog.append(guardStart, panel, guardEnd);
  panel.append(header, body);

  let iframe: HTMLIFrameElement | undefined;
  let origin = '';
  let live = true;

  const mountFrame = (token: string) => {
    const url = widgetFrameUrl(options.widgetUrl, scope, token, doc.baseURI);
    origin = url.origin;
    const frame = doc.createElement('iframe');
    frame.className = 'drawer-frame';
    frame.setAttribute('part', 'drawer-frame');
    frame.title = strings.frameTitle;
    frame.src = url.href;
    iframe?.remove();
    iframe = frame;
    status.hidden = false;
    body.setAttribute('aria-busy', 'true');
    body.append(frame);
  };

  const onMessage = (event: MessageEvent) => {
    // Exact origin AND this drawer's own iframe: a same-origin message from any other frame
    // (another widget, an ad, a page on the widget's origin) is ignored.
    if (!live || !iframe || event.source !== iframe.contentWindow || event.origin !== origin) return;
    const message = parseWidgetMessage(event.data);
    if (!message) return;
    if (message.type === 'kyi:ready') {
      status.hidden = true;
      body.removeAttribute('aria-busy');
      options.onReady();
    } else if (message.type === 'kyi:error') {
      options.onError(message.message);
    } else {
      requestClose('widget');
    }
  };

  const requestClose = (by: 'widget' | 'user') => {
    if (!live) return;
    // The caller destroys the drawer in response; until then nothing else may report.
    live = false;
    options.onClose(by);
  };

  const onCancel = (event: Event) => {
    event.preventDefault();
    requestClose('user');
  };
  // Chromium may close a dialog without a cancelable `cancel` (repeated Escape without user
  // activation): the `close` event catches that path.
  const onDialogClose = () => requestClose('user');
  const onClick = (event: MouseEvent) => {
    if (event.target !== dialog) return;
    // The panel fills the dialog box, so a click whose target is the dialog itself landed on
    // the ::backdrop; the bounds check keeps a click on the box edge from counting.
    const r = dialog.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    if (!inside) requestClose('user');
  };
  const onCloseButton = () => requestClose('user');
  const onGuardStart = () => (iframe ?? closeButton).focus();
  const onGuardEnd = () => closeButton.focus();

  dialog.addEventListener('cancel', onCancel);
  dialog.addEventListener('close', onDialogClose);
  dialog.addEventListener('click', onClick);
  closeButton.addEventListener('click', onCloseButton);
  guardStart.addEventListener('focus', onGuardStart);
  guardEnd.addEventListener('focus', onGuardEnd);
  win.addEventListener('message', onMessage);

  host.append(dialog);
  const unlockScroll = lockPageScroll(doc);
  mountFrame(options.token);
  dialog.showModal();
  closeButton.focus();

  let destroyed = false;
  return {
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
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onDialogClose);
      dialog.removeEventListener('click', onClick);
      closeButton.removeEventListener('click', onCloseButton);
      guardStart.removeEventListener('focus', onGuardStart);
      guardEnd.removeEventListener('focus', onGuardEnd);
      if (dialog.open) dialog.close();
      dialog.remove();
      iframe = undefined;
      unlockScroll();
    },
  };
}

/**
 * Styles of the drawer. The host element adopts them after the shared theme styles
 * (constructable stylesheets are not subject to CSP `style-src`), so light/dark follow the
 * host's `--_kyi-*` tokens. Public knobs: `--kyi-verify-button-drawer-width`,
 * `--kyi-verify-button-drawer-background`, `--kyi-verify-button-backdrop`.
 */
export const drawerStyles = css`
  .drawer {
    --_bg: var(--kyi-verify-button-drawer-background, var(--_kyi-surface, #ffffff));
    --_fg: var(--_kyi-text, #16181d);
    --_border: var(--_kyi-border, #d4d8de);
    box-sizing: border-box;
    position: fixed;
    inset-block: 0;
    inset-inline-start: auto;
    inset-inline-end: 0;
    margin: 0;
    padding: 0;
    border: none;
    width: min(var(--kyi-verify-button-drawer-width, 28rem), 100vw);
    max-width: 100vw;
    height: 100%;
    max-height: 100%;
    background: var(--_bg);
    color: var(--_fg);
    font-family: var(--_kyi-font, system-ui, sans-serif);
    box-shadow: -0.5rem 0 2rem rgb(0 0 0 / 0.25);
  }
  .drawer[open] {
    display: flex;
    animation: kyi-drawer-in 160ms ease-out;
  }
  .drawer::backdrop {
    background: var(--kyi-verify-button-backdrop, rgb(0 0 0 / 0.45));
  }
  .focus-guard {
    position: fixed;
    inline-size: 1px;
    block-size: 1px;
    opacity: 0;
    pointer-events: none;
    outline: none;
  }
  .drawer-panel {
    display: flex;
    flex-direction: column;
    flex: 1;
    min-width: 0;
  }
  .drawer-header {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.5rem 0.5rem 1rem;
    border-block-end: 1px solid var(--_border);
  }
  .drawer-title {
    flex: 1;
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
  }
  .drawer-close {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    inline-size: 2.75rem;
    block-size: 2.75rem;
    padding: 0;
    border: none;
    border-radius: var(--_kyi-radius, 8px);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  .drawer-close:hover {
    background: rgb(127 127 127 / 0.15);
  }
  .drawer-close:focus-visible {
    outline: 2px solid var(--_kyi-focus, #1d4ed8);
    outline-offset: 2px;
  }
  .drawer-body {
    position: relative;
    flex: 1;
    min-height: 0;
  }
  .drawer-frame {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    border: 0;
  }
  .drawer-status {
    position: absolute;
    inset-block-start: 1rem;
    inset-inline: 0;
    display: flex;
    justify-content: center;
    align-items: center;
    gap: 0.5rem;
    margin: 0;
  }
  .drawer-status[hidden] {
    display: none;
  }
  @keyframes kyi-drawer-in {
    from {
      transform: translateX(100%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .drawer[open] {
      animation: none;
    }
  }
`;
