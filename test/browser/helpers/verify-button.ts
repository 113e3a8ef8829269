/** Shared helpers of the `<kyi-verify-button>` browser tests (not a test file itself). */
import { expect, oneEvent } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { KyiVerifyButton } from '../../../src/elements/verify-button/verify-button.js';

export interface TestEnv {
  widgetUrl: string;
  /** A second sandbox whose widget allow-list does not hold this page's origin. */
  refusingWidgetUrl: string;
  /** A loopback address nothing listens on: a widget host that is down. */
  downWidgetUrl: string;
  /** The only origin `/api/kyi-elsewhere` accepts browser calls from (not this page's). */
  elsewhereOrigin: string;
  publicApiUrl: string;
  credentials: { partnerId: string; secretKey: string };
}

let envPromise: Promise<TestEnv> | undefined;

/** The sandbox's startup info, from the harness. */
export function testEnv(): Promise<TestEnv> {
  envPromise ??= fetch('/__test/env').then((r) => r.json() as Promise<TestEnv>);
  return envPromise;
}

export async function signIn(): Promise<void> {
  const r = await fetch('/__test/session', { method: 'POST', credentials: 'same-origin' });
  if (!r.ok) throw new Error(`sign in failed: ${r.status}`);
}

export async function signOut(): Promise<void> {
  await fetch('/__test/session', { method: 'DELETE', credentials: 'same-origin' });
}

/** A real access token from the real server piece (the demo user must be signed in). */
export async function realToken(): Promise<string> {
  const r = await fetch('/api/kyi/token', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!r.ok) throw new Error(`token route answered ${r.status}`);
  return ((await r.json()) as { accessToken: string }).accessToken;
}

function b64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An HS256 access token signed with the sandbox partner's secret, like `generateToken`
 * makes, with the claims given (e.g. an `exp` in the past for an expired token).
 */
export async function signToken(claims: { exp: number; sub?: string; iat?: number }): Promise<string> {
  const { credentials } = await testEnv();
  const enc = new TextEncoder();
  const header = b64url(enc.encode(JSON.stringify({ alg: 'HS256' })));
  const payload = b64url(
    enc.encode(JSON.stringify({ sub: claims.sub ?? 'demo-user-0001', iss: credentials.partnerId, iat: claims.iat ?? claims.exp - 3600, exp: claims.exp })),
  );
  const key = await crypto.subtle.importKey('raw', enc.encode(credentials.secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(`${header}.${payload}`)));
  return `${header}.${payload}.${b64url(sig)}`;
}

/** A token-shaped string with the given `exp` (not signed: only for client-side expiry checks). */
export function unsignedToken(exp: number): string {
  const enc = new TextEncoder();
  return `${b64url(enc.encode('{"alg":"HS256"}'))}.${b64url(enc.encode(JSON.stringify({ exp })))}.x`;
}

/** A promise and its resolvers. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function innerButton(el: KyiVerifyButton): HTMLButtonElement {
  return el.shadowRoot!.querySelector('button[part="button"]')!;
}

export function dialogOf(el: KyiVerifyButton): HTMLDialogElement | null {
  return el.shadowRoot!.querySelector('dialog');
}

export function frameOf(el: KyiVerifyButton): HTMLIFrameElement | null {
  return el.shadowRoot!.querySelector('iframe');
}

/**
 * The drawer frame's address, once the token it carries is checked to be one the page's own token
 * endpoint gave (never the one the evil server hands out).
 */
export function frameSrcWithOwnToken(el: KyiVerifyButton): URL {
  const src = new URL(frameOf(el)!.getAttribute('src')!);
  expect(src.searchParams.get('token')).to.be.a('string').and.not.equal('evil-access-token');
  return src;
}

export function errorOf(el: KyiVerifyButton): HTMLElement | null {
  return el.shadowRoot!.querySelector('[part="error"]');
}

/** Clicks the button and waits for the drawer's widget to report ready. */
export async function openAndWaitReady(el: KyiVerifyButton): Promise<void> {
  const ready = oneEvent(el, 'kyi-ready');
  innerButton(el).click();
  await ready;
}

/**
 * Resolves with the next `message` event the page receives from `source` (registered after
 * the drawer's own listener, so the drawer has handled the message by then).
 */
export function nextMessageFrom(source: () => MessageEventSource | null | undefined, type?: string): Promise<MessageEvent> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== source()) return;
      if (type && (event.data as { type?: unknown } | null)?.type !== type) return;
      window.removeEventListener('message', onMessage);
      resolve(event);
    };
    window.addEventListener('message', onMessage);
  });
}

/**
 * Resolves once a same-origin frame holds its loaded page (not its first `about:blank`): on each
 * of its `load` events until then, with no deadline of its own (the test's bounds it; a loaded
 * machine can take more than a second to load a frame).
 */
export async function frameLoaded(frame: HTMLIFrameElement): Promise<void> {
  const loaded = () => frame.contentDocument?.readyState === 'complete' && frame.contentWindow?.location.href !== 'about:blank';
  while (!loaded()) await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
}

/**
 * Posts `data` to this page from inside a same-origin frame's own realm, so the message's
 * `source` is that frame's window (a stand-in widget on this page's origin). Resolves once
 * the page's earlier listeners have handled it.
 */
export async function postFromFrame(frame: HTMLIFrameElement, data: unknown): Promise<MessageEvent> {
  await frameLoaded(frame);
  const doc = frame.contentDocument!;
  // The window as it is now: a message that closes the drawer removes the frame before it resolves.
  const source = frame.contentWindow;
  const delivered = nextMessageFrom(() => source);
  const script = doc.createElement('script');
  script.textContent = `parent.postMessage(${JSON.stringify(data)}, '*')`;
  (doc.body ?? doc.documentElement).append(script);
  script.remove();
  return delivered;
}

/** Records every event of the given types fired on `el`. */
export function recordEvents(el: EventTarget, types: string[]): { type: string; detail: unknown }[] {
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of types) el.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
  return seen;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * Sends a key down to the widget's cross-origin (out-of-process) frame. Focus moving into
 * such a frame reaches the browser's key routing asynchronously, so a key sent right after
 * can still land in this page: that shows up here as a keydown, which is cancelled (no Tab
 * move, no click, no dialog close) and sent again on the next frame.
 */
async function keyDownInsideFrame(key: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    let misrouted = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key) return;
      misrouted = true;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', onKey, true);
    try {
      await sendKeys({ down: key });
    } finally {
      window.removeEventListener('keydown', onKey, true);
    }
    if (!misrouted) return;
    await sendKeys({ up: key });
    await nextFrame();
  }
  throw new Error(`${key} never reached the widget frame`);
}

/** Presses a key inside the widget's frame (see `keyDownInsideFrame`). */
export async function pressInsideFrame(key: string): Promise<void> {
  await keyDownInsideFrame(key);
  await sendKeys({ up: key });
}

/**
 * Escape inside the widget's frame (the widget then closes itself) and waits for `closed`. The
 * key is dispatched in the widget's realm by the harness (test/harness/widget-keys.ts), not
 * through the browser's input pipeline: a real key routed to a frame being torn down can stall
 * the automation's key command until the test times out.
 */
export async function escapeInsideWidget<T>(closed: Promise<T>): Promise<T> {
  await executeServerCommand('widget-key', { key: 'Escape' });
  return closed;
}

/**
 * The widget frame's `allow` list as this Chromium should get it: the field notes' two features,
 * less those it does not know (an unknown one logs "Unrecognized feature" on every open).
 */
export function expectedFrameAllow(): string {
  const known = (document as Document & { featurePolicy: { features(): string[] } }).featurePolicy.features();
  expect(known).to.include('clipboard-write');
  return ['clipboard-write', 'web-share'].filter((feature) => known.includes(feature)).join('; ');
}
