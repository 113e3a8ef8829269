/**
 * The built-in drawer's code and styles, loaded on a verify button's first hover, focus or
 * click rather than with the page (a page of badges and statuses never pays for it). Once
 * loaded it is kept: a prefetched click opens the drawer in the same frame.
 */
import type { CSSResult } from 'lit';
import type { openDrawer } from './drawer.js';

export interface DrawerCode {
  openDrawer: typeof openDrawer;
  /** The dialog's styles, adopted by the button's shadow root when the code arrives. */
  styles: CSSResult[];
}

let loaded: DrawerCode | undefined;
let loading: Promise<DrawerCode> | undefined;

/** The drawer's code if it has arrived (synchronous, for the same-frame open). */
export function loadedDrawer(): DrawerCode | undefined {
  return loaded;
}

/** Loads the drawer's code once; a failed load (e.g. offline) is tried again on the next call. */
export function loadDrawer(): Promise<DrawerCode> {
  loading ??= Promise.all([import('./drawer.js'), import('./drawer.styles.js')]).then(
    ([drawer, styles]) => (loaded = { openDrawer: drawer.openDrawer, styles: [styles.drawerStyles, styles.modalStyles] }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
