/**
 * The verification widget's closed value sets (field notes): what the verify button, its
 * drawer and `kyi()` need, apart from the other sets. enums.ts re-exports them.
 */

/** Widget scopes (field notes) and the path segment of each widget page. */
export const WIDGET_SCOPES = { kyi: 'kyi', 'asset-list': 'assets', 'wallet-list': 'wallets' } as const;
export type WidgetScope = keyof typeof WIDGET_SCOPES;
export const WIDGET_MESSAGE_TYPES = ['kyi:ready', 'kyi:error', 'kyi:close'] as const;
export type WidgetMessageType = (typeof WIDGET_MESSAGE_TYPES)[number];
