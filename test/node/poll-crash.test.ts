/**
 * Crash-and-restart at every step of the tokenomics poller, with the file store: the process
 * "dies" at step N (a fetch about to go out or just answered, a store write before or after
 * it lands, the consumer before or after applying a batch), a new process (new store
 * instance, new client) starts over from the file, and in the end every revision of the feed
 * has been delivered — none lost — and none was applied twice.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { revisionKey, type TokenomicsRevision } from '../../src/contract/index.js';
import { pollTokenomics, type RevisionBatchInfo, type TokenomicsPollState } from '../../src/server/poll/index.js';
import { FileStore } from '../../src/server/store/file.js';
import type { PollStore } from '../../src/server/store/index.js';
import { startVirtualSandbox, untilIdle, type VirtualSandbox } from './helpers/explorer-sandbox.js';

class Crash extends Error {
  override name = 'Crash';
}

/** Counts steps and throws at step `crashAt` (0: never). */
class Injector {
  count = 0;
  crashedAt: string | undefined;
  constructor(readonly crashAt: number) {}
  hit(label: string): boolean {
    this.count++;
    if (this.count === this.crashAt) {
      this.crashedAt = label;
      return true;
    }
    return false;
  }
}

/** The consumer: an append-only log of applied pairs that survives "process" crashes. */
class Consumer {
  readonly applied: string[] = [];
  readonly raw: Array<{ key: string; redelivery: boolean }> = [];
  apply(revisions: TokenomicsRevision[], info: RevisionBatchInfo): void {
    const have = info.redelivery ? new Set(this.applied) : undefined;
    for (const r of revisions) {
      const key = revisionKey(r);
      this.raw.push({ key, redelivery: info.redelivery });
      // Only a batch flagged as a redelivery can hold pairs applied before a crash.
      if (have?.has(key)) continue;
      this.applied.push(key);
    }
  }
}

describe('pollTokenomics: crash and restart at every step', () => {
  let v: VirtualSandbox;
  let dir: string;
  before(async () => {
    v = await startVirtualSandbox();
    dir = await mkdtemp(join(tmpdir(), 'kyi-crash-'));
  });
  after(async () => {
    await v.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** One "process": a poller over a fresh store instance and client until it crashes or goes idle. */
  async function runProcess(path: string, consumer: Consumer, injector: Injector): Promise<void> {
    const controller = new AbortController();
    const file = new FileStore(path);
    const store: PollStore = {
      get: (key) => file.get(key),
      delete: (key) => file.delete(key),
      async set(key, value) {
        const kind = (value as TokenomicsPollState).pending.length > 0 ? 'pending' : 'commit';
        if (injector.hit(`store:${kind}:before`)) throw new Crash();
        await file.set(key, value);
        if (injector.hit(`store:${kind}:after`)) throw new Crash();
      },
    };
    const fetchWithCrash: typeof fetch = async (input, init) => {
      if (injector.hit('fetch:before')) {
        controller.abort(new Crash());
        throw new Crash();
      }
      const response = await v.fetch(input, init);
      if (injector.hit('fetch:after')) {
        controller.abort(new Crash());
        throw new Crash();
      }
      return response;
    };
    const run = pollTokenomics({
      client: v.client({ fetch: fetchWithCrash }),
      store,
      clock: v.clock,
      signal: controller.signal,
      limit: 100,
      onRevisions: (revisions, info) => {
        if (injector.hit('deliver:before')) throw new Crash();
        consumer.apply(revisions, info);
        if (injector.hit('deliver:after')) throw new Crash();
      },
    });
    let outcome: unknown = 'idle';
    const settled = run.then(
      () => (outcome = controller.signal.aborted ? 'aborted' : 'returned'),
      (e: unknown) => (outcome = e),
    );
    await Promise.race([untilIdle(v), settled]);
    controller.abort();
    await settled;
    if (outcome instanceof Error && !(outcome instanceof Crash)) throw outcome;
  }

  it('loses nothing and applies nothing twice, whatever step the crash hits', async () => {
    const labels = new Map<string, number>();
    let maxSteps = 0;
    for (let crashAt = 1; ; crashAt++) {
      v.sandbox.reset();
      const path = join(dir, `state-${crashAt}.json`);
      const consumer = new Consumer();
      const injector = new Injector(crashAt);
      await runProcess(path, consumer, injector);
      if (!injector.crashedAt) {
        maxSteps = injector.count;
        break;
      }
      labels.set(injector.crashedAt, (labels.get(injector.crashedAt) ?? 0) + 1);

      // while the process is down the feed moves on: new revisions and a correction
      const feed = v.sandbox.state.explorer;
      for (let i = 0; i < 3; i++) feed.appendRevision();
      feed.appendRevision({ id: feed.tokenomics.all()[5]!.id });

      await runProcess(path, consumer, new Injector(0));
      const all = feed.tokenomics.all().map(revisionKey);
      const where = `crash at step ${crashAt} (${injector.crashedAt})`;
      assert.deepEqual([...consumer.applied].sort(), [...all].sort(), `${where}: every pair applied exactly once`);

      // raw deliveries: a pair comes twice only around the one unavoidable gap, and then flagged
      const counts = new Map<string, number>();
      for (const d of consumer.raw) counts.set(d.key, (counts.get(d.key) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1).map(([k]) => k);
      if (twice.length > 0) {
        assert.ok(
          ['deliver:after', 'store:commit:before'].includes(injector.crashedAt),
          `${where}: no pair may be delivered twice here`,
        );
        const second = consumer.raw.filter((d, i) => consumer.raw.findIndex((e) => e.key === d.key) !== i);
        assert.ok(second.every((d) => d.redelivery), `${where}: a repeated pair is always flagged as a redelivery`);
      }
    }
    // every kind of step was hit at least once
    assert.deepEqual([...labels.keys()].sort(), [
      'deliver:after',
      'deliver:before',
      'fetch:after',
      'fetch:before',
      'store:commit:after',
      'store:commit:before',
      'store:pending:after',
      'store:pending:before',
    ]);
    assert.ok(maxSteps >= 20, `a full run has ${maxSteps} steps`);
  });
});
