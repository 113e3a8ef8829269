/**
 * What every widget session shares, built-in drawer or the vendor's client: its
 * presentations, callbacks and handle. Small and DOM-free, so the verify button can check its
 * attributes and talk to a session while the drawer's own code loads only when needed
 * (`elements/verify-button/drawer-loader.ts`).
 */

/** How the dialog is presented: a panel at the inline end, or centred. */
export type WidgetPresentation = 'drawer' | 'modal';
export const WIDGET_PRESENTATIONS: readonly WidgetPresentation[] = ['drawer', 'modal'];

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
