/**
 * The verify button's prefetched access token: at most one, handed out once, and only while
 * it is still usable. Request-free: the slot is given the request (`access-token.ts`), and
 * both load with the button's session code on its first hover, focus or click.
 */

/** A token and when it stops being usable (epoch ms), when that is known. */
export interface AccessToken {
  readonly token: string;
  /** Epoch ms from the endpoint's `expiresAt`, else the JWT `exp` claim; `undefined` if neither. */
  readonly expiresAt: number | undefined;
  /** Epoch ms when the token arrived. */
  readonly obtainedAt: number;
}

/** Margin before expiry within which a token is no longer handed out (clock skew, load time). */
export const EXPIRY_MARGIN_MS = 30_000;
/** A prefetched token with no known expiry is dropped after this long. */
export const PREFETCH_MAX_AGE_MS = 5 * 60_000;

/** Whether a not-yet-used token may still be handed to a widget. */
export function isUsable(token: AccessToken, now = Date.now()): boolean {
  if (token.expiresAt !== undefined) return token.expiresAt - EXPIRY_MARGIN_MS > now;
  return now - token.obtainedAt < PREFETCH_MAX_AGE_MS;
}

/**
 * One prefetched token at most, handed out once. `prefetch()` starts a request unless one is
 * already there or in flight; `take()` hands out the prefetched token (awaiting an in-flight
 * prefetch) and empties the slot, or returns `undefined` when there is nothing usable.
 * Prefetch failures are swallowed: the click then asks again and reports its own failure.
 */
export class TokenSlot {
  #pending: Promise<AccessToken | undefined> | undefined;
  #held: AccessToken | undefined;
  #controller: AbortController | undefined;

  // A private field, defined: an assigned `request` meets a read-only polluted `Object.prototype.request` and throws.
  readonly #request: (signal: AbortSignal) => Promise<AccessToken>;

  constructor(request: (signal: AbortSignal) => Promise<AccessToken>) {
    this.#request = request;
  }

  /** Whether a usable token is held or one is on its way. */
  get filled(): boolean {
    return this.#pending !== undefined && (this.#held === undefined || isUsable(this.#held));
  }

  prefetch(): void {
    if (this.filled) return;
    this.clear();
    const controller = new AbortController();
    this.#controller = controller;
    const pending: Promise<AccessToken | undefined> = this.#request(controller.signal).then(
      (token) => {
        if (this.#pending === pending) this.#held = token;
        return token;
      },
      () => {
        // A failed prefetch leaves the slot empty so the next hover or click tries again.
        if (this.#pending === pending) this.clear();
        return undefined;
      },
    );
    this.#pending = pending;
  }

  async take(): Promise<AccessToken | undefined> {
    const pending = this.#pending;
    // Handed out: its request is no longer the slot's to abort.
    this.#controller = undefined;
    this.clear();
    const token = await pending;
    return token && isUsable(token) ? token : undefined;
  }

  /** Drops the held token and aborts an in-flight prefetch. */
  clear(): void {
    this.#controller?.abort();
    this.#controller = undefined;
    this.#pending = undefined;
    this.#held = undefined;
  }
}
