/**
 * What a page served by the CDN autoloader carries: the code of a token-status, asset-card or
 * verify-button page holds the rules the browser runs, not the server piece's readers of
 * query strings (their 400 messages); a verify button's token requests and vendor adapter
 * come only with its first hover, focus or click. Built with the CDN settings of scripts/lib/cdn-chunks.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCdnFile } from '../../scripts/lib/cdn-chunks.js';
import { pageChunks, type AutoloaderManifest } from '../../bench/size-budgets.js';
import { TOKEN_QUERY_MESSAGES, ASSET_LOOKUP_RULES } from '../../src/contract/index.js';

let outDir: string;
let manifest: AutoloaderManifest;

/** The code a page with these tags loads: the autoloader, their entries and what those import statically. */
async function pageCode(tags: string[]): Promise<string> {
  const files = await Promise.all(pageChunks(manifest, tags).map((k) => readFile(join(outDir, manifest[k]!.file), 'utf8')));
  return files.join('\n');
}

before(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'kyi-page-code-'));
  await buildCdnFile('kyi-autoloader', outDir);
  manifest = JSON.parse(await readFile(join(outDir, 'kyi-autoloader.manifest.json'), 'utf8')) as AutoloaderManifest;
});
after(() => rm(outDir, { recursive: true, force: true }));

/** Text only the server side needs: the query readers (`src/contract/query-readers.ts`), the CAIP parsers. */
const SERVER_ONLY = [
  ...Object.values(TOKEN_QUERY_MESSAGES),
  ...Object.values(ASSET_LOOKUP_RULES).map(([, message]) => message),
  ' must be given once',
  // the CAIP parsers' messages: the elements check ids with isCaip10 / isCaip19 alone
  ' must be a string',
  ' must be true or false',
  ' must be a whole number of 1 or more',
  'since must be a cursor issued by the service',
  'item must list watchlist item ids (UUIDs)',
];

describe('CDN autoloader pages', () => {
  for (const tags of [['token-status'], ['token-status', 'asset-card', 'verify-button', 'badge']]) {
    it(`a ${tags.join(' + ')} page carries none of the server's query readers or CAIP parsers`, async () => {
      const code = await pageCode(tags);
      assert.match(code, /kyi-token-status/, 'the page code was found');
      // a whole string as the minifier writes it (the elements' own words may begin the same way)
      for (const text of SERVER_ONLY)
        for (const end of ['`', '"', "'"]) assert.ok(!code.includes(text + end), `the page carries "${text}"`);
      for (const fragment of ['; allowed: ', ' must look like "'])
        assert.ok(!code.includes(fragment), `the page carries "${fragment}"`);
    });
  }

  it('a verify-button page loads the token request, the drawer, the vendor adapter and the open widget\'s run on demand, in one file', async () => {
    const code = await pageCode(['verify-button']);
    assert.match(code, /kyi-verify-button/, 'the page code was found');
    // access-token.ts, vendor-sdk.ts, widget-run.ts and the drawer (session-code.ts), loaded by drawer-loader.ts
    for (const text of ['did not answer with an accessToken', 'fetchAccessToken did not return a token', 'MessageEvent', 'did not report ready within', 'The drawer host is not connected'])
      assert.ok(!code.includes(text), `the page carries "${text}"`);
    const session = Object.values(manifest).find((c) => /session-code/.test(c.file));
    assert.ok(session, 'the session code is a chunk of its own');
    const sessionCode = await readFile(join(outDir, session.file), 'utf8');
    assert.match(sessionCode, /did not answer with an accessToken/);
    assert.match(sessionCode, /The drawer host is not connected/, 'the drawer comes in the same file');
  });
});
