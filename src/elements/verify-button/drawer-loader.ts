/**
 * The code a verify button needs only once someone means to open it, loaded on its first
 * hover, focus or click rather than with the page (a page of badges and statuses, or one that
 * merely shows a button, never pays for it): the built-in drawer with its styles, and the
 * session code (token requests, the vendor client's adapter). Once loaded it is kept: a
 * prefetched click opens the drawer in the same frame.
 */
import type { Styles } from '../shared/reactive.js';
import type { openDrawer } from './drawer.js';
import type * as SessionModule from './session-code.js';
import { messageOf } from '../../client/widget-session.js';

export interface DrawerCode {
  openDrawer: typeof openDrawer;
  /** The dialog's styles, adopted by the button's shadow root when the code arrives. */
  styles: Styles[];
}

export type SessionCode = typeof SessionModule;

/**
 * Code loaded once on demand: `loaded()` synchronously once it has arrived (for the
 * same-frame open); a failed load (e.g. offline) is tried again on the next `load()`.
 */
function onDemand<T>(importCode: () => Promise<T>): { loaded(): T | undefined; load(): Promise<T> } {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    loaded: () => loaded,
    load: () =>
      (loading ??= importCode().then(
        (code) => (loaded = code),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

const drawer = onDemand(() =>
  Promise.all([import('./drawer.js'), import('./drawer.styles.js')]).then(
    ([code, styles]): DrawerCode => ({ openDrawer: code.openDrawer, styles: [styles.drawerStyles] }),
  ),
);
const session = onDemand(() => import('./session-code.js'));

/** The drawer's code if it has arrived (synchronous, for the same-frame open). */
export const loadedDrawer = drawer.loaded;
/** Loads the drawer's code once; a failed load is tried again on the next call. */
export const loadDrawer = drawer.load;
/** The session code if it has arrived. */
export const loadedSession = session.loaded;
/** Loads the session code once; a failed load is tried again on the next call. */
export const loadSession = session.load;

/** The message of an opening that failed because code could not be loaded. */
export function loadFailure(error: unknown): string {
  return `The verification drawer could not be loaded: ${messageOf(error) || String(error)}`;
}
