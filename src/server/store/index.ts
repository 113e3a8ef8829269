/** Poller state stores. The file store is Node only: import it from `./file.js`. */
export { StoreCorruptError, type PollStore } from './types.js';
export { MemoryStore, createMemoryStore } from './memory.js';
