/**
 * Default time the widget has to post `kyi:ready`, in ms (a verify button's `readyTimeout`).
 * A module of the element's own, which the button and an open widget's run both read: the
 * custom-elements manifest shows the attribute's default as this value.
 */
export const DEFAULT_READY_TIMEOUT_MS = 20_000;
