/**
 * English words of the verification drawer (`verifyButton.drawerTitle`, `close`, `loading`,
 * `frameTitle`), added by the drawer's own module (drawer.ts), which both `<kyi-verify-button>`
 * and `kyi()` (./kyi-widget.ts) load to open it: a page that only shows a button carries none of it.
 */
export const enDrawer = {
  verifyButton: {
    drawerTitle: 'KYI verification',
    close: 'Close verification',
    loading: 'Loading verification…',
    frameTitle: 'KYI verification widget',
  },
} as const;
