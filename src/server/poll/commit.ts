/**
 * The one place where a poll loop hands a batch to its handler and records that it did.
 *
 * With a transactional store (PostgreSQL) the handler runs inside the transaction that
 * writes the loop's state and receives it as `tx`: what the consumer writes through `tx`
 * commits together with the cursor and seen ids, or not at all — exactly once. With any
 * other store the handler runs first and the state is written after it resolved:
 * at-least-once (a crash in between delivers the batch again).
 *
 * Fetch-API only (no `node:` imports).
 */
import { isTransactional, type PollStore, type StoreTransaction } from '../store/types.js';

/** Context every poll loop handler receives with its batch. */
export interface DeliveryContext {
  /**
   * The transaction in which this batch is recorded, when the store has them: write your
   * results with `tx.query(text, params)` to get each item exactly once. `undefined` otherwise.
   */
  tx?: StoreTransaction;
}

/** Runs `deliver`, then writes `state` under `key` — in one transaction when the store can. */
export async function deliverAndRecord(
  store: PollStore,
  key: string,
  state: unknown,
  deliver: (context: DeliveryContext) => Promise<void> | void,
): Promise<void> {
  if (isTransactional(store)) {
    await store.transaction(async (tx) => {
      await deliver({ tx });
      await tx.set(key, state);
    });
    return;
  }
  await deliver({});
  await store.set(key, state);
}
