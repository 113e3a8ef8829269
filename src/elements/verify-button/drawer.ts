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
 * - no styles are injected into the page: the dialog is a view (view.ts) built in shadow
 *   DOM and its styles (`drawerStyles`) are adopted by the host element, so a `style-src`
 *   without `'unsafe-inline'` holds; the only page-level change is the scroll lock, done
 *   through the CSSOM (`element.style`), which CSP does not restrict;
 * - callbacks never fire after `destroy()`, and `onClose` fires at most once.
 *
 * One chrome at a time: the widget draws its own header with its own close button, so ours
 * (title and close button, over a "Loading…" cover) shows only until the widget posts
 * `kyi:ready`, and again while a reload (expired-token retry) loads. Before ready there is
 * always a way out; after it the widget's header is the only one on screen. The dialog keeps
 * its accessible name (`aria-label`) throughout, and Escape and the backdrop still close it.
 *
 * Modality comes from `showModal()`: the rest of the page is inert, so focus stays inside
 * the dialog even when it leaves the cross-origin iframe (a keydown trap in the page cannot
 * see keys pressed inside the iframe). Escape (`cancel`), the backdrop and the close button
 * all report `onClose`; the caller decides what closing means.
 */
import { WIDGET_SCOPES, type WidgetScope } from '../../contract/widget-enums.js';
import { createIn, documentOf, frameFeatures, pageUrl, rootElement, windowOf } from '../../browser/page.js';
import { fromOwnFrame, type OwnFrame } from '../../client/own-frame.js';
import { messageOf } from '../../client/errors.js';
import type { WidgetCallbacks, WidgetHandle, WidgetPresentation } from '../../client/widget-session.js';
import { addStrings } from '../../browser/strings.js';
import { enDrawer } from './drawer-strings.js';
import { show, type ElementView } from '../shared/view.js';

// The drawer's words come with its code: a page that only shows a button loads neither.
addStrings('en', enDrawer);

/** Browser features the widget's frame may use: its manual-signature step copies a challenge (field notes). */
const WIDGET_FRAME_FEATURES = ['clipboard-write', 'web-share'];

/**
 * The frame's `allow` list: the features above that this browser knows. Chromium logs
 * "Unrecognized feature" for the others (web-share on desktop Linux) on every open, and a
 * partner's console shows the kit only when the partner has something to fix.
 * `document.featurePolicy` is Chromium's; other browsers get the whole list, silently.
 */
function frameAllow(doc: Document): string {
  const known = frameFeatures(doc);
  return WIDGET_FRAME_FEATURES.filter((feature) => !known || known.includes(feature)).join('; ');
}

/** The built-in drawer's handle: also gives its current frame. */
export interface DrawerHandle extends WidgetHandle {
  /** The widget's `<iframe>` (a new one after `reload`); `null` once destroyed. */
  readonly iframe: HTMLIFrameElement | null;
}

/**
 * The drawer's texts, by key of the strings table's `verifyButton` section: `drawerTitle`
 * (the dialog's accessible name and the heading shown until ready), `close` (the close button's name), `loading`
 * (shown until the widget is ready), `frameTitle` (the iframe's title).
 */
export type DrawerText = 'drawerTitle' | 'close' | 'loading' | 'frameTitle';

export interface DrawerOptions extends WidgetCallbacks {
  /** Where the dialog is rendered: an element in the caller's shadow root. Must be connected. */
  host: HTMLElement | DocumentFragment;
  /** Widget base URL (origin and optional base path); a relative one resolves against the page's address. */
  widgetUrl: string;
  scope: WidgetScope;
  token: string;
  /** `drawer` (default): a panel at the inline end; `modal`: centred. Same behaviour either way. */
  presentation?: WidgetPresentation;
  text(key: DrawerText): string;
}

// Page scroll lock, shared by every open drawer on the page.
let lockCount = 0;
let savedOverflow = '';

/** Locks the page's scroll through the CSSOM (`element.style`, which CSP does not restrict). */
function lockScroll(root: HTMLElement): void {
  if (lockCount++) return;
  savedOverflow = root.style.overflow;
  root.style.overflow = 'hidden';
}

function unlockScroll(root: HTMLElement): void {
  if (--lockCount) return;
  root.style.overflow = savedOverflow;
  if (!root.getAttribute('style')) root.removeAttribute('style');
}

/**
 * `{app_url}/widget/{kyi|assets|wallets}?token=…&embed=true`, resolved against the page's own
 * address (never `document.baseURI`: a `<base>` posted before a reload must not move its token).
 */
function widgetFrameUrl(options: DrawerOptions, token: string, pageUrl: string): URL {
  const url = new URL(`${options.widgetUrl.replace(/\/+$/, '')}/widget/${WIDGET_SCOPES[options.scope]}`, pageUrl);
  // A record with no prototype: one that inherits a `Symbol.iterator` a script set is read as
  // that iterator's pairs, which would choose the session token the widget opens with.
  url.search = `${new URLSearchParams({ __proto__: null, token, embed: 'true' } as object as Record<string, string>)}`;
  return url;
}

function createFrame(doc: Document, url: URL, title: string): HTMLIFrameElement {
  const frame = createIn('iframe', doc);
  frame.className = 'drawer-frame';
  frame.setAttribute('part', 'drawer-frame');
  frame.title = title;
  frame.setAttribute('allow', frameAllow(doc));
  frame.src = url.href;
  return frame;
}

/**
 * A widget message's `type` and `payload`; a JSON-encoded message is tolerated, anything else is
 * not ours. Own keys only: what a script left on `Object.prototype` is no message's (an inherited
 * `type: 'kyi:close'` closing the drawer, an inherited `payload` shown as the widget's error).
 */
function readMessage(data: unknown): { type?: unknown; payload?: unknown } {
  try {
    data = typeof data == 'string' ? JSON.parse(data) : data;
  } catch {
    data = 0;
  }
  return { __proto__: null, ...(data as object) } as { type?: unknown; payload?: unknown };
}

/**
 * Whether a click landed on the `::backdrop`: the panel fills the dialog box, so a click whose
 * target is the dialog itself is outside it; the bounds check keeps a click on the box edge
 * from counting.
 */
function onBackdrop(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  const r = dialog.getBoundingClientRect();
  const { clientX: x, clientY: y } = event;
  return event.target === dialog && (x < r.left || x > r.right || y < r.top || y > r.bottom);
}

const closeIcon: ElementView = [
  'svg',
  { viewBox: '0 0 24 24', width: '20', height: '20', 'aria-hidden': 'true' },
  ['path', { d: 'M6 6l12 12M18 6L6 18', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', fill: 'none' }],
];

/**
 * Opens the drawer and returns its handle: one open dialog, its frame, its state and its
 * listeners, in this call's scope. Throws if `host` is not connected.
 */
export function openDrawer(options: DrawerOptions): DrawerHandle {
  const { host, text } = options;
  const doc = documentOf(host);
  const win = doc && windowOf(doc);
  if (!doc || !win || !host.isConnected) throw new Error('The drawer host is not connected to a document');
  /** The widget's frame and the origin of its address. */
  let own: OwnFrame | undefined;
  let ready = false;
  /** A close may still be reported: until it is, or until destroyed. */
  let live = true;
  let destroyed = false;
  /** Focus is passing through a guard on purpose (Tab from the dialog itself). */
  let passing = false;

  /** Reports the close once; the caller destroys the drawer in response, and until then nothing else may report. */
  const close = (by: 'widget' | 'user') => {
    if (!live) return;
    live = false;
    options.onClose(by);
  };
  const byUser = () => close('user');
  const onCancel = (event: Event) => {
    event.preventDefault();
    byUser();
  };
  const onClick = (event: Event) => onBackdrop(dialog, event as MouseEvent) && byUser();

  // Focus guards: `showModal()` makes the page inert, but Tab past the end of the widget
  // (inside the cross-origin iframe, where the page cannot see keys) may still leave the
  // document. A focusable guard at each end catches that and sends focus to the top: the close
  // button while it shows, else the labelled dialog (its ring visible; the next Tab lands on
  // the widget's first control). Never to the frame's document, a stop nobody could see.
  const guard: ElementView = ['span', { class: 'visually-hidden guard', tabindex: '0', '@focus': () => passing || (ready ? dialog : closeButton).focus() }];

  /**
   * The dialog. Chromium may close a dialog without a cancelable `cancel` (repeated Escape
   * without user activation): `@close` catches that path. `autofocus`: `showModal()` focuses
   * the close button rather than the first focus guard. `tabindex="-1"` on the dialog: once the
   * header (and its close button) is gone, focus rests on the labelled dialog itself, with a
   * visible ring, and Tab (Shift+Tab) from there goes straight to the widget's first (last)
   * control; the guards only ever send focus to a visible, named stop. Our header and the loading cover
   * show until the widget is ready; then the widget's own header is the only chrome.
   */
  const draw = () =>
    show(host, [
      [
        'dialog',
        {
          class: options.presentation === 'modal' ? 'drawer modal' : 'drawer',
          part: 'drawer',
          role: 'dialog',
          'aria-modal': 'true',
          'aria-label': text('drawerTitle'),
          tabindex: '-1',
          '@cancel': onCancel,
          '@close': byUser,
          '@click': onClick,
        },
        guard,
        [
          'div',
          { class: 'drawer-panel', part: 'drawer-panel' },
          [
            'div',
            { class: 'drawer-header', part: 'drawer-header', hidden: ready ? '' : undefined },
            ['h2', { class: 'drawer-title', part: 'drawer-title' }, text('drawerTitle')],
            ['button', { type: 'button', class: 'drawer-close', part: 'close-button', 'aria-label': text('close'), autofocus: '', '@click': byUser }, closeIcon],
          ],
          [
            'div',
            { class: 'drawer-body', part: 'drawer-body', 'aria-busy': ready ? undefined : 'true' },
            [
              'p',
              { class: 'drawer-status', part: 'drawer-status', role: 'status', hidden: ready ? '' : undefined },
              ['span', { class: 'spinner', 'aria-hidden': 'true' }],
              ['span', {}, text('loading')],
            ],
            own?.frame,
          ],
        ],
        guard,
      ],
    ]);

  /** A new iframe for each token, so nothing the previous document posts can count. */
  const mountFrame = (token: string) => {
    const url = widgetFrameUrl(options, token, pageUrl()!);
    own = { frame: createFrame(doc, url, text('frameTitle')), origin: url.origin };
    ready = false;
    draw();
  };

  const onMessage = (event: MessageEvent) => {
    // Exact origin AND this drawer's own iframe (own-frame.ts): a same-origin message from any
    // other frame (another widget, an ad, a page on the widget's origin) is ignored.
    if (!live || !fromOwnFrame(own, event)) return;
    const { type, payload } = readMessage(event.data);
    if (type === 'kyi:ready') {
      // The widget is the chrome now: our header goes, and focus resting on its close button moves to the labelled dialog.
      if (closeButton.matches(':focus')) dialog.focus();
      ready = true;
      draw();
      options.onReady();
    } else if (type === 'kyi:error') options.onError(messageOf(payload));
    else if (type === 'kyi:close') close('widget');
  };

  mountFrame(options.token);
  const dialog = host.querySelector('dialog')!;
  const closeButton = dialog.querySelector('button')!;
  const guards = [...dialog.querySelectorAll<HTMLElement>('.guard')];
  // From the dialog itself, Tab and Shift+Tab go on into the widget, at its first or last
  // control: focus passes quietly to the guard on that side, and the key's own move goes on from there.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || event.target !== dialog) return;
    passing = true;
    guards[event.shiftKey ? 1 : 0]?.focus();
    passing = false;
  });
  win.addEventListener('message', onMessage);
  lockScroll(rootElement(doc)!);
  dialog.showModal();
  closeButton.focus();

  return {
    get iframe() {
      return own?.frame ?? null;
    },
    reload(token) {
      if (destroyed) return;
      live = true;
      mountFrame(token);
      // Focus inside the old frame went with it: back to the close button, shown again while loading.
      if (!dialog.matches(':focus-within')) closeButton.focus();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      live = false;
      win.removeEventListener('message', onMessage);
      if (dialog.open) dialog.close();
      show(host, []);
      own = undefined;
      unlockScroll(rootElement(doc)!);
    },
  };
}
