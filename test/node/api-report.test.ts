/**
 * The API report (scripts/api-report.ts, @microsoft/api-extractor): api/<entry>.api.md records
 * the public surface of every entry point, so a change to it fails here until `npm run api`
 * rewrites the reports and the diff is reviewed with the change.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { apiReports, emitTypes, RUN_API, staleReports } from '../../scripts/api-report.js';

const run = promisify(execFile);
let scratch: string;
let types: string;

before(async () => {
  await mkdir('.cache', { recursive: true });
  scratch = resolve(await mkdtemp(join('.cache', 'kyi-api-test-')));
  types = join(scratch, 'types');
  await emitTypes(types);
});
after(() => rm(scratch, { recursive: true, force: true }));

describe('API report (api/*.api.md)', () => {
  it('records the public surface of every entry point as the declarations give it', async () => {
    const reports = await apiReports(types);
    assert.ok(reports.has('index.api.md') && reports.has('server.api.md') && reports.has('react-token-status.api.md'));
    assert.deepEqual(await staleReports(reports), [], `the public API changed and api/ does not record it: ${RUN_API}`);
  });

  it('an export added in a scratch copy fails the check, naming the report and saying to run `npm run api`', async () => {
    const copy = join(scratch, 'changed');
    await cp(types, copy, { recursive: true });
    await appendFile(join(copy, 'entries', 'index.d.ts'), '\nexport declare const addedInAScratchCopy: number;\n');
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/api-report.ts', '--types', copy], { maxBuffer: 16 * 1024 * 1024 }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    assert.ok(failed, 'the check passed with an unrecorded export');
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /api\/index\.api\.md differs from the public surface/);
    assert.match(failed.stderr, /run `npm run api`/);
    assert.doesNotMatch(failed.stderr, /api\/server\.api\.md/, 'only the changed entry is named');
  });

  it('a public signature naming a type its entry does not export fails the check, naming the entry, the type and where', async () => {
    const copy = join(scratch, 'forgotten');
    await cp(types, copy, { recursive: true });
    await appendFile(join(copy, 'entries', 'index.d.ts'), '\ninterface NotExported { a: string }\nexport declare function leaks(): NotExported;\n');
    await assert.rejects(apiReports(copy), (error: Error) => {
      assert.match(error.message, /api-extractor warns/);
      assert.match(error.message, /^index: ae-forgotten-export The symbol "NotExported" needs to be exported by the entry point index\.d\.ts \(entries\/index\.d\.ts:\d+\)$/m);
      assert.equal(error.message.split('\n').length, 2, `only the one warning:\n${error.message}`);
      return true;
    });
  });

  it('the records partners get show field by field', async () => {
    const reports = await apiReports(types);
    const index = reports.get('index.api.md')!;
    assert.match(index, /^export interface TokenLookupResult \{$[^}]*^ {4}kyi_verified: boolean;$/m);
    assert.match(index, /^export interface AssetRecord \{$[^}]*^ {4}token_details: TokenDetails;$/m);
    assert.doesNotMatch([...reports.values()].join('\n'), /z\.infer</, 'a record is written out, not inferred from its schema');
  });
});
