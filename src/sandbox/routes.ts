/** Route ids the sandbox counts requests under and accepts faults for. */
export const PUBLIC_ROUTE_IDS = ['public:assets', 'public:asset', 'public:asset-caip10', 'public:tokens'] as const;
export const EXPLORER_ROUTE_IDS = [
  'explorer:health',
  'explorer:tokenomics',
  'explorer:asset-tokenomics',
  'explorer:watchlist',
  'explorer:watchlist-add',
  'explorer:watchlist-update',
  'explorer:watchlist-remove',
  'explorer:changes',
  'explorer:notifications',
] as const;
/** `widget` is the widget page; `widget:complete` the sandbox flow's submit call. */
export const ROUTE_IDS = [...PUBLIC_ROUTE_IDS, 'badge', 'widget', 'widget:complete', ...EXPLORER_ROUTE_IDS] as const;
/** The id of a route of the service, as faults and stats name it. */
export type RouteId = (typeof ROUTE_IDS)[number];

export function isRouteId(value: unknown): value is RouteId {
  return (ROUTE_IDS as readonly unknown[]).includes(value);
}
