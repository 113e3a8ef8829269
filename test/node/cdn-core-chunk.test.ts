/**
 * The CDN autoloader's `core` chunk (scripts/lib/cdn-chunks.ts) is loaded by every page, and a
 * page that shows only badges loads nothing else but the badge's own chunk. So `core` must hold
 * what a badge runs and little else: each module in it is compared with the same module in a
 * bundle of the badge alone (same CDN settings, scripts/lib/cdn-chunks.ts), where the bundler keeps only
 * what the badge uses. The difference is code every page downloads for other elements.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { buildCdnFile, cdnConfig, cdnFileConfig } from '../../scripts/lib/cdn-chunks.js';
import { pageChunks, type AutoloaderManifest } from '../../bench/size-budgets.js';
import { NOTIFICATION_KINDS, WATCH_STATES } from '../../src/contract/enums.js';
import { BADGE_VARIANTS, CREDENTIAL_TYPES } from '../../src/contract/badge-enums.js';
import * as sharedEvents from '../../src/browser/events.js';
import * as copyEvents from '../../src/browser/copy-events.js';
import * as widgetEvents from '../../src/browser/widget-events.js';
import * as monitoringEvents from '../../src/browser/monitoring-events.js';
import { enInputs } from '../../src/locales/en-inputs.js';
import { enAssetCard } from '../../src/elements/asset-card/strings.js';
import { enDrawer } from '../../src/elements/verify-button/drawer-strings.js';
import { WEBP_NOT_AVAILABLE } from '../../src/contract/badge.js';

type Chunk = { type: string; fileName: string; imports?: string[]; facadeModuleId?: string | null; isEntry?: boolean; modules?: Record<string, { renderedLength: number }> };
type Output = { output: Chunk[] };

/** Minified bytes per module of a build's chunks (by path relative to the project), for chunks `pick` keeps. */
function moduleBytes(result: unknown, pick: (c: Chunk) => boolean): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const o of (Array.isArray(result) ? result : [result]) as Output[])
    for (const chunk of o.output)
      if (chunk.type === 'chunk' && pick(chunk))
        for (const [id, m] of Object.entries(chunk.modules ?? {})) if (m.renderedLength > 0) bytes.set(relative(process.cwd(), id), m.renderedLength);
  return bytes;
}

/**
 * Core modules that still carry code only other elements use (see the size notes of issue
 * #14): `config.ts` (`configure()` and its checks: the autoloader's own export, which a badge
 * bundled alone from its npm entry leaves out; the data elements' proxy-url check is theirs,
 * elements/shared/kyi-element.ts) and `strings.ts` (about 80 B
 * of lookup helpers other elements call; its words are checked apart, below), and `page.ts`, the
 * one module that reads the page (issue #33): whole by design, with the reads of the other
 * elements (visibility, the clipboard, the drawer's window) beside the badge's.
 */
const WAITING = new Set(['src/browser/config.ts', 'src/browser/strings.ts', 'src/browser/page.ts']);
/** The autoloader's own code sits in core too: it runs on every page it serves. */
const autoloaderOwn = (id: string) => id.startsWith('src/entries/cdn/');
/** Rendering differences between a shared chunk and a single bundle (names of exports). */
const SLACK = 48;

let outDir: string;
let core: Map<string, number>;
let badgeAlone: Map<string, number>;
let corePath: string;
/** The files a page with only `<kyi-token-status>` loads: the autoloader, the element's chunk and their static imports. */
let tokenStatusPage: string[];
/** The files a page with the four display elements loads (badge, token status, asset card, verify button). */
let displayPage: string[];

before(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'kyi-core-chunk-'));
  const autoloader = await buildCdnFile('kyi-autoloader', join(outDir, 'auto'));
  // `core` is the autoloader's own file (scripts/lib/cdn-chunks.ts)
  core = moduleBytes(autoloader, (c) => c.fileName === 'kyi-autoloader.js');
  corePath = join(outDir, 'auto', 'kyi-autoloader.js');
  const manifest = JSON.parse(await readFile(join(outDir, 'auto', 'kyi-autoloader.manifest.json'), 'utf8')) as AutoloaderManifest;
  const pageOf = (elements: string[]) => pageChunks(manifest, elements).map((key) => join(outDir, 'auto', manifest[key]!.file));
  tokenStatusPage = pageOf(['token-status']);
  displayPage = pageOf(['badge', 'token-status', 'asset-card', 'verify-button']);
  const alone = await build(cdnConfig(resolve('src/entries/badge.ts'), join(outDir, 'alone'), 'badge.js', { output: { codeSplitting: false } }));
  badgeAlone = moduleBytes(alone, () => true);
});
after(() => rm(outDir, { recursive: true, force: true }));

describe('CDN core chunk (loaded by every page, and all a badge page loads besides the badge)', () => {
  it('holds only modules a badge uses', () => {
    assert.ok(core.size > 5, `found ${core.size} modules in core`);
    for (const id of core.keys()) if (!autoloaderOwn(id)) assert.ok(badgeAlone.has(id), `${id} is in core but a badge alone does not use it`);
  });

  it('holds, of each module, no more than a badge alone uses of it', () => {
    const extra: string[] = [];
    for (const [id, bytes] of core) {
      if (WAITING.has(id) || autoloaderOwn(id)) continue;
      const used = badgeAlone.get(id) ?? 0;
      if (bytes > used + SLACK) extra.push(`${id}: ${bytes} B in core, ${used} B used by a badge`);
    }
    assert.deepEqual(extra, []);
  });

  // A badge builds its few nodes itself on the kit's reactive base: Lit (its templates, about
  // 3 KB gzipped, and its reactive base, 2.3 KB) is for the monitoring elements only.
  it('carries no Lit: the kit\'s own reactive base only', async () => {
    const code = await readFile(corePath, 'utf8');
    const lit = [...core.keys()].filter((id) => /node_modules[\\/](lit|lit-html|lit-element|@lit[\\/]reactive-element)[\\/]|kyi-element\.ts$/.test(id));
    assert.deepEqual(lit, []);
    assert.ok([...core.keys()].some((id) => /shared[\\/]reactive\.ts$/.test(id)), 'the kit\'s reactive base is in core');
    assert.ok(!code.includes('lit-html'), 'core names lit-html (its trusted-types policy)');
  });

  // Event classes are kept whole wherever their module goes (each sets its name in a static
  // block), so the bundle of a badge alone is no guide here: a badge fires `kyi-error` only.
  it('defines no event but kyi-error', async () => {
    const code = await readFile(corePath, 'utf8');
    const names = Object.values({ ...sharedEvents, ...copyEvents, ...widgetEvents, ...monitoringEvents }).flatMap((v) => (typeof v === 'function' && 'eventName' in v ? [String(v.eventName)] : []));
    assert.ok(names.length >= 10 && names.includes('kyi-error'), names.join(', '));
    // an event's name as its class sets it (a tag may share the name: `kyi-notifications`, which core lists to load)
    assert.match(code, /eventName=`kyi-error`/, 'the definition of kyi-error was found');
    for (const name of names) if (name !== 'kyi-error') assert.ok(!code.includes(`eventName=\`${name}\``), `core defines ${name}`);
  });

  it('carries none of the data elements’ building blocks (skeleton, alert, notice, button)', async () => {
    const code = await readFile(corePath, 'utf8');
    for (const rule of ['.skeleton{', '.alert{', '.notice{', '.button{']) assert.ok(!code.includes(rule), `core carries ${rule}`);
  });

  // The theme's colours no badge paints are defined in styles.ts, which every other element
  // adopts (theme.styles.ts keeps the ones a badge reads).
  it('defines none of the theme colours a badge does not paint', async () => {
    const code = await readFile(corePath, 'utf8');
    for (const token of ['--_kyi-text-muted:', '--_kyi-surface-raised:', '--_kyi-border:', '--_kyi-accent-text:', '--_kyi-warning:', '--_kyi-danger:'])
      assert.ok(!code.includes(token), `core defines ${token}`);
  });

  it('carries none of the lookup input problems’ words nor the drawer’s', async () => {
    const code = await readFile(corePath, 'utf8');
    const words = [...Object.values(enInputs.tokenStatus), ...Object.entries(enAssetCard.assetCard).flatMap(([key, words]) => (key.startsWith('invalid.') ? [words] : [])), ...Object.values(enDrawer.verifyButton)];
    for (const word of words) assert.ok(!code.includes(word), `core carries "${word}"`);
  });
});

describe('CDN chunks of a token-status page', () => {
  it('carry none of the monitoring elements’ value sets (watch states, notification kinds)', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    assert.match(code, /kyi-token-status/, 'the page code was found');
    for (const value of [...NOTIFICATION_KINDS, WATCH_STATES[0]]) assert.ok(!code.includes(`\`${value}\``), `the page carries "${value}"`);
  });

  it('carry the words of the input problems checkTokenInput() gives (kept, not shaken out as a data-only import)', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    for (const word of Object.values(enInputs.tokenStatus)) assert.ok(code.includes(word), `the page lacks "${word}"`);
  });

  // The lookup client reads two limits (contract/lookup-limits.ts); the table of spec part 8
  // (contract/limits.ts: an object, never shaken property by property) is the monitoring elements'.
  it('carry none of the table of limits, only the lookup client’s two', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    for (const key of ['explorerKeyBodyLength', 'watchlistCap', 'lookupBatchMax']) assert.ok(!code.includes(key), `the page carries LIMITS.${key}`);
  });

  // Only the badge builds its image (elements/shared/badge-image.ts: its URLs, `<picture>`, the
  // colour scheme read for it): its chunk carries it, not core.
  it('carry none of the badge image’s code (its URLs, its <picture>)', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    for (const text of ['/api/v1/badges/', '(prefers-color-scheme: dark)', 'colorScheme']) assert.ok(!code.includes(text), `the page carries "${text}"`);
  });

  // The building blocks only the asset card, the verify button and the monitoring elements use
  // (blocks.styles.ts) travel with them, not in `lookup`.
  it('carry none of the building blocks the token status does not use (error box, notice, monospace, standalone links)', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    assert.match(code, /\.skeleton\{/, 'the page code has the shared building blocks');
    for (const selector of ['.alert', '.notice-title', '.mono', '.action-link', '.button.primary']) assert.ok(!code.includes(selector), `the page carries ${selector}`);
  });

  // Only the badge checks its options (contract/badge.ts): its chunk carries the check, not core.
  it('carry none of the badge options’ check', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    assert.ok(!code.includes(WEBP_NOT_AVAILABLE), 'the page carries the badge options’ check');
  });

  // The badge's value sets (contract/badge-enums.ts) go with the badge; every element shares only
  // the check against a set (contract/one-of.ts, in core).
  it('carry none of the badge’s value sets (credential types, variants)', async () => {
    const code = (await Promise.all(tokenStatusPage.map((f) => readFile(f, 'utf8')))).join('\n');
    for (const value of [CREDENTIAL_TYPES[1], BADGE_VARIANTS[1]]) assert.ok(!code.includes(`\`${value}\``), `the page carries "${value}"`);
  });

  // The display elements describe their nodes as views (elements/shared/view.ts): a page of them
  // loads no template library (lit-html, LitElement: some 3 KB gzip); only the monitoring
  // elements render Lit templates.
  it('carry no template library, nor does a page of the four display elements', async () => {
    for (const [name, files] of [['token-status page', tokenStatusPage], ['four display elements', displayPage]] as const) {
      assert.ok(files.length >= 3, `${name}: ${files.length} files`);
      const code = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
      for (const mark of ['_$litType$', 'lit-html']) assert.ok(!code.includes(mark), `${name} carries Lit's templates ("${mark}")`);
    }
  });
});

// lit-html reads its globals when it is evaluated (browser/lit-globals.ts says why they must be
// the page's own first). The kit takes lit-html from one module that imports them first
// (elements/shared/lit-html.ts); a bundler that takes that module for a side-effect-free
// re-export would import lit-html directly and drop them (package.json `sideEffects` names it).
describe('CDN files with lit-html (the monitoring elements)', () => {
  const definedFirst = (code: string, file: string) => {
    const defined = code.indexOf('litIssuedWarnings'); // only the kit's list names it (lit-html's production build does not)
    const read = code.indexOf('.litHtmlVersions??=');
    assert.ok(read > 0, `${file}: lit-html was found`);
    assert.ok(defined >= 0 && defined < read, `${file}: Lit's globals are not defined before lit-html is evaluated`);
  };

  it('define Lit\'s globals before lit-html is evaluated: the autoloader\'s monitoring chunk, and kyi-monitoring.js', async () => {
    const chunk = join(outDir, 'auto', 'chunks', 'monitoring.js');
    definedFirst(await readFile(chunk, 'utf8'), 'chunks/monitoring.js');
    await build(cdnFileConfig('kyi-monitoring', join(outDir, 'monitoring')));
    definedFirst(await readFile(join(outDir, 'monitoring', 'kyi-monitoring.js'), 'utf8'), 'kyi-monitoring.js');
  });

  it('are none of a display page\'s: it loads no Lit', async () => {
    const code = (await Promise.all(displayPage.map((f) => readFile(f, 'utf8')))).join('\n');
    assert.ok(!code.includes('litHtmlVersions'), 'a page of display elements carries lit-html or its globals');
  });
});
