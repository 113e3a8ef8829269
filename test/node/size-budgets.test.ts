/**
 * Size budgets: the CDN files of the package as partners get it (the shared build of this run)
 * stay within their gzip byte budgets (bench/size-budgets.ts). Byte counts, not timings.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measureCdn, type AutoloaderManifest } from '../../bench/size-budgets.js';
import { packedTarball } from './helpers/packed.js';

const CDN = resolve('dist/cdn');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const over = (measured: Awaited<ReturnType<typeof measureCdn>>) => measured.filter((m) => m.gzip > m.budget).map((m) => m.name);

before(() => packedTarball());

describe('size budgets of the CDN build (gzip bytes)', () => {
  it('every budgeted file and page is within its budget', async () => {
    const measured = await measureCdn(CDN);
    for (const m of measured) console.log(`${m.name}: ${kb(m.gzip)} of ${kb(m.budget)}`);
    assert.deepEqual(
      over(measured),
      [],
      `over budget: ${measured.filter((m) => m.gzip > m.budget).map((m) => `${m.name} ${m.gzip} B > ${m.budget} B`).join('; ')}` +
        ' — make room by subtraction, or raise the budget in bench/size-budgets.ts with the reason in the commit',
    );
  });

  describe('a scratch copy whose token-status chunk grew by 1 KB, held to budgets of the build as it is', () => {
    let scratch: string;
    let asBuilt: Record<string, number>;
    before(async () => {
      asBuilt = Object.fromEntries((await measureCdn(CDN)).map((m) => [m.name, m.gzip]));
      scratch = await mkdtemp(join(tmpdir(), 'kyi-size-'));
      await cp(CDN, scratch, { recursive: true });
      const manifest = JSON.parse(await readFile(join(scratch, 'kyi-autoloader.manifest.json'), 'utf8')) as AutoloaderManifest;
      // random bytes do not compress: 1 KB more of gzip, in a comment so the file stays valid
      await appendFile(join(scratch, manifest['src/elements/token-status/define.ts']!.file), `/*${randomBytes(1024).toString('base64')}*/`);
      await appendFile(join(scratch, 'kyi-elements.js'), `/*${randomBytes(1024).toString('base64')}*/`);
    });
    after(() => rm(scratch, { recursive: true, force: true }));

    it('fails the pages that load it and the grown file, and no other', async () => {
      // the four display elements' page loads the display file, not the token status's chunk
      assert.deepEqual(over(await measureCdn(scratch, asBuilt)), ['kyi-elements.js', 'token-status-only page']);
    });
  });
});
