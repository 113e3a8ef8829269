import type { PollStore } from './types.js';

/**
 * A `PollStore` in process memory. Values are copied through JSON on the way in and out, so
 * what you read is exactly what a durable store would give back. State is lost on exit:
 * use it for tests, or when a lost cursor only means re-reading.
 */
export class MemoryStore implements PollStore {
  #data = new Map<string, string>();

  async get<T = unknown>(key: string): Promise<T | undefined> {
    const raw = this.#data.get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown): Promise<void> {
    const raw = JSON.stringify(value);
    if (raw === undefined) throw new TypeError(`MemoryStore: value for "${key}" is not JSON-serialisable`);
    this.#data.set(key, raw);
  }

  async delete(key: string): Promise<void> {
    this.#data.delete(key);
  }

  /** Keys currently stored. */
  keys(): string[] {
    return [...this.#data.keys()];
  }
}

/** `new MemoryStore()`. */
export function createMemoryStore(): MemoryStore {
  return new MemoryStore();
}
