/**
 * The verification widget's closed value sets (field notes): what the verify button, its
 * drawer and `kyi()` need, apart from the other sets. enums.ts re-exports them.
 */

/** Which view of the verification widget opens (field notes): the flow itself, or the user's verified assets or wallets. */
export type WidgetScope = 'kyi' | 'asset-list' | 'wallet-list';
/** Widget scopes and the path segment of each widget page. */
export const WIDGET_SCOPES = { kyi: 'kyi', 'asset-list': 'assets', 'wallet-list': 'wallets' } as const satisfies Record<WidgetScope, string>;
export const WIDGET_MESSAGE_TYPES = ['kyi:ready', 'kyi:error', 'kyi:close'] as const;
export type WidgetMessageType = (typeof WIDGET_MESSAGE_TYPES)[number];
