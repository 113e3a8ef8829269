/**
 * The filters of `GET /me/monitoring/changes` (4.2) and their query string: what the monitoring
 * elements and the server piece send, in a module of its own so a page of lookup elements
 * carries none of it (the readers, with their 400 messages, are in query-readers.ts).
 */
import type { Materiality, SortOrder } from './enums.js';

/** Filters of `GET /me/monitoring/changes` (read by `parseMonitoringChangesQuery`). */
export interface MonitoringChangesQuery {
  newOnly?: boolean;
  showAll?: boolean;
  materiality?: Materiality;
  days?: number;
  item?: string[];
  sort?: SortOrder;
  category?: string;
}

/** The query string for a monitoring changes request (`item` comma-joined). */
export function formatMonitoringChangesQuery(q: MonitoringChangesQuery): URLSearchParams {
  const p = new URLSearchParams();
  if (q.newOnly !== undefined) p.set('newOnly', String(q.newOnly));
  if (q.showAll !== undefined) p.set('showAll', String(q.showAll));
  if (q.materiality) p.set('materiality', q.materiality);
  if (q.days !== undefined) p.set('days', String(q.days));
  if (q.item?.length) p.set('item', q.item.join(','));
  if (q.sort) p.set('sort', q.sort);
  if (q.category) p.set('category', q.category);
  return p;
}
