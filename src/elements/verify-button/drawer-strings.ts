/**
 * English words of the verification drawer (`verifyButton.drawerTitle`, `close`, `loading`,
 * `frameTitle`): both `<kyi-verify-button>` and `kyi()` (./kyi-widget.ts) open the drawer,
 * so both add this table; a badge page carries none of it.
 */
export const enDrawer = {
  verifyButton: {
    drawerTitle: 'KYI verification',
    close: 'Close verification',
    loading: 'Loading verification…',
    frameTitle: 'KYI verification widget',
  },
} as const;
