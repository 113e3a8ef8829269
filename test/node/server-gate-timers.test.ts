/**
 * The upstream gate leaves no timer behind (src/server/upstream/call.ts): callers queued for an
 * in-flight slot who abort are refused and take their wait's timer with them, so a process
 * whose visitors went away exits at once, not when the longest queue wait would have ended.
 *
 * The gate runs in a child process of its own: with a timer left, the child would stay alive
 * for the hour its callers were allowed to wait (the test's timeout fails it first).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';

const CALLERS = 100;
const HOUR_MS = 3_600_000;

/** The child: one slot taken, `CALLERS` callers queued behind it (each allowed an hour), all aborted. */
const CHILD = `
const { UpstreamGate } = await import(${JSON.stringify(new URL('../../src/server/upstream/call.ts', import.meta.url).href)});
const { systemClock } = await import(${JSON.stringify(new URL('../../src/server/clock.ts', import.meta.url).href)});
const gate = new UpstreamGate({ maxInFlight: 1, maxQueue: ${CALLERS}, clock: systemClock });
const limits = { holdMs: 0, queueMs: ${HOUR_MS} };
const holder = await gate.admit(limits);
const callers = Array.from({ length: ${CALLERS} }, () => new AbortController());
const waits = callers.map((caller) => gate.admit(limits, caller.signal));
// a caller joins the queue once the gate has read the key's hold (a few turns of the event loop)
while (gate.queued < ${CALLERS}) await new Promise((resolve) => setImmediate(resolve));
const queued = gate.queued;
for (const caller of callers) caller.abort();
const answers = await Promise.all(waits);
holder.release();
console.log(JSON.stringify({
  queued,
  refused: answers.filter((answer) => 'retryAfterMs' in answer).length,
  left: { queued: gate.queued, inFlight: gate.inFlight },
  timers: process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length,
}));
`;

let child: ChildProcess | undefined;
after(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

test(`${CALLERS} queued callers who abort leave no timer, and their process exits on its own`, { timeout: 60_000 }, async () => {
  child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const seen = JSON.parse(line) as { queued: number; refused: number; left: { queued: number; inFlight: number }; timers: number };
  assert.equal(seen.queued, CALLERS, 'every caller waited in the queue');
  assert.equal(seen.refused, CALLERS, 'every caller who aborted was refused');
  assert.deepEqual(seen.left, { queued: 0, inFlight: 0 });
  assert.equal(seen.timers, 0, 'no queue timer outlives its caller');
  // nothing else keeps the process: it ends by itself (with a timer left, only after the hour)
  const [code] = (await exited) as [number | null];
  assert.equal(code, 0);
});
