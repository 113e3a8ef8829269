/**
 * The code a verify button needs only once someone means to open it, loaded on its first
 * hover, focus or click rather than with the page (a page of badges and statuses, or one that
 * merely shows a button, never pays for it): the session code (`session-code.ts`: token
 * requests, the built-in drawer with its styles, the vendor client's adapter), one file. Once
 * loaded it is kept: a prefetched click opens the drawer in the same frame.
 */
import type * as SessionModule from './session-code.js';
import { KyiRequestError, thrownText } from '../../client/errors.js';
import { loadFailureCode } from '../../browser/page.js';
import { importPinned } from './session-code.pin.js';

export type SessionCode = typeof SessionModule;

let loaded: SessionCode | undefined;
let loading: Promise<SessionCode> | undefined;

/** The session code if it has arrived (synchronous, for the same-frame open). */
export const loadedSession = (): SessionCode | undefined => loaded;

/**
 * Loads the session code once, through `importPinned` where the build pinned its bytes
 * (session-code.pin.ts). A failed load rejects with the failure an opening reports, and is tried
 * again on the next call (the button's next click); its code is page.ts `loadFailureCode` (offline,
 * the visitor's `network`; else the site's setup, `not_configured`), and the message names the file.
 */
export const loadSession = (): Promise<SessionCode> =>
  (loading ??= (importPinned ? importPinned() : import('./session-code.js')).then(
    (code) => (loaded = code),
    (error: unknown) => {
      loading = undefined;
      throw new KyiRequestError(loadFailureCode(), `The verification drawer could not be loaded: ${thrownText(error)}`);
    },
  ));
