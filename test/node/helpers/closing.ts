/**
 * Handlers made by a test are closed when it ends: `closeAfter(createKyiHandler(…))` calls
 * `handler.close()` (its upstream calls, timers and pooled connections) once the test that made
 * it ends, or the file when made outside a test, so nothing it started keeps the test process
 * alive. `mount()` (`./server.ts`) closes the handler it mounts the same way, in its `close()`.
 */
import { after } from 'node:test';

/**
 * `handler`, closed once the test (or the file) that made it ends. Not in a `before` hook
 * (an `after` registered there runs when the hook ends): close such a handler in the suite's `after`.
 */
export function closeAfter<H extends { close(): Promise<void> }>(handler: H): H {
  after(() => handler.close());
  return handler;
}
