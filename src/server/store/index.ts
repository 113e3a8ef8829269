/** Poller state stores. The file store is Node only: import it from `./file.js`. */
export {
  StoreCorruptError,
  StoreUnavailableError,
  isStoreUnavailable,
  LeaseLostError,
  isTransactional,
  canLease,
  type PollStore,
  type QueryResult,
  type StoreTransaction,
  type TransactionalPollStore,
  type LeasingPollStore,
} from './types.js';
export { MemoryStore, createMemoryStore } from './memory.js';
