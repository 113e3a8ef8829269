import type { PollStore } from '../store/types.js';
import { deliverAndRecord, type DeliveryContext } from './commit.js';
import { SeenSet } from './seen.js';

/** What `deliverOnce` keeps in the store. */
export interface SeenIdsState {
  version: 1;
  seen: string[];
}

/**
 * Hands the items whose id was not delivered before to `deliver`, then, once it resolved,
 * records their ids (bounded) in the store — in the same transaction when the store has
 * them (`context.tx`). For window-based reads (monitoring sweeps,
 * the notification inbox) that return the same rows again on every call.
 */
export async function deliverOnce<T>(options: {
  store: PollStore;
  key: string;
  items: readonly T[];
  id: (item: T) => string;
  deliver?: (items: T[], context: DeliveryContext) => Promise<void> | void;
  maxSeen?: number;
}): Promise<T[]> {
  const raw = await options.store.get<Partial<SeenIdsState>>(options.key);
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || !Array.isArray(raw.seen))) {
    throw new TypeError(`The poll store value "${options.key}" is not a seen-ids state; use another key or remove it.`);
  }
  const seen = new SeenSet(raw?.seen ?? [], options.maxSeen ?? 10_000);
  const fresh: T[] = [];
  const ids: string[] = [];
  for (const item of options.items) {
    const id = options.id(item);
    if (seen.has(id) || ids.includes(id)) continue;
    fresh.push(item);
    ids.push(id);
  }
  if (fresh.length === 0) return fresh;
  const state: SeenIdsState = { version: 1, seen: seen.with(ids).toJSON() };
  await deliverAndRecord(options.store, options.key, state, (context) => options.deliver?.(fresh, context));
  return fresh;
}
