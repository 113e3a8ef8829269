import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile, truncate, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '../../src/server/store/file.js';
import { MemoryStore, StoreCorruptError } from '../../src/server/store/index.js';

describe('MemoryStore', () => {
  it('round-trips JSON values and copies them', async () => {
    const store = new MemoryStore();
    assert.equal(await store.get('x'), undefined);
    const value = { cursor: 'tfc1_a', seen: ['a', 'b'] };
    await store.set('x', value);
    value.seen.push('c');
    assert.deepEqual(await store.get('x'), { cursor: 'tfc1_a', seen: ['a', 'b'] });
    await store.delete('x');
    assert.equal(await store.get('x'), undefined);
    await assert.rejects(store.set('bad', undefined), TypeError);
  });
});

describe('FileStore', () => {
  let dir: string;
  let path: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kyi-store-'));
    path = join(dir, 'nested', 'poll-state.json');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts empty when the file does not exist, and persists across instances', async () => {
    const a = new FileStore({ path });
    assert.equal(await a.get('tokenomics'), undefined);
    await a.set('tokenomics', { cursor: 'tfc1_x', seen: ['1:1'] });
    await a.set('other', 1);
    await a.delete('other');
    const b = new FileStore(path);
    assert.deepEqual(await b.get('tokenomics'), { cursor: 'tfc1_x', seen: ['1:1'] });
    assert.equal(await b.get('other'), undefined);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
  });

  it('writes atomically: no temp files are left, and concurrent sets all land in call order', async () => {
    const store = new FileStore(path);
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.set(`k${i % 5}`, i)));
    const reread = new FileStore(path);
    for (let k = 0; k < 5; k++) assert.equal(await reread.get(`k${k}`), 20 + k);
    const names = await readdir(join(dir, 'nested'));
    assert.deepEqual(names, ['poll-state.json']);
  });

  it('a crash before the rename leaves the old state; the stray temp file is ignored and cleaned', async () => {
    const store = new FileStore(path);
    await store.set('cursor', 'old');
    // what a crash mid-write leaves behind: a half-written temp file beside the real one
    await writeFile(join(dir, 'nested', '.poll-state.json.deadbeef0000.tmp'), '{"format":"kyi-poll-st');
    const restarted = new FileStore(path);
    assert.equal(await restarted.get('cursor'), 'old');
    assert.deepEqual(await readdir(join(dir, 'nested')), ['poll-state.json']);
  });

  const corruptions: Array<[string, (file: string) => Promise<void>, RegExp]> = [
    ['a torn (truncated) file', async (f) => truncate(f, Math.floor((await stat(f)).size / 2)), /not valid JSON/],
    ['an empty file', async (f) => writeFile(f, ''), /empty/],
    ['garbage', async (f) => writeFile(f, '\u0000\u0001garbage'), /not valid JSON/],
    [
      'a hand-edited value (checksum mismatch)',
      async (f) => writeFile(f, (await readFile(f, 'utf8')).replace('tfc1_good', 'tfc1_evil')),
      /checksum mismatch/,
    ],
    ['a foreign JSON file', async (f) => writeFile(f, '{"cursor":"tfc1_good"}'), /not a kyi-poll-store file/],
  ];
  for (const [name, corrupt, pattern] of corruptions) {
    it(`reports ${name} as StoreCorruptError and never resets it`, async () => {
      await new FileStore(path).set('tokenomics', { cursor: 'tfc1_good', seen: [] });
      await corrupt(path);
      const before = await readFile(path);
      const store = new FileStore(path);
      await assert.rejects(store.get('tokenomics'), (e: unknown) => {
        assert.ok(e instanceof StoreCorruptError);
        assert.equal(e.code, 'store_corrupt');
        assert.equal(e.location, path);
        assert.match(e.message, pattern);
        assert.match(e.message, /left untouched/);
        return true;
      });
      // still reported on the next call, and a write does not paper over it
      await assert.rejects(store.get('tokenomics'), StoreCorruptError);
      await assert.rejects(store.set('tokenomics', { cursor: null, seen: [] }), StoreCorruptError);
      assert.deepEqual(await readFile(path), before);
    });
  }
});
