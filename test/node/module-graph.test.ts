/**
 * The shape of src/ (issue #34): no import cycles, runtime or type-only, and layers that point
 * down — contract ← client/browser ← elements ← entries (← frameworks) on the browser side;
 * on the server, the core (src/server/*.ts) ← node/, poll/, store/, postgres/. Read with the
 * TypeScript compiler's own module resolution (scripts/lib/module-graph.ts); then the checker
 * itself, on scratch modules with a cycle.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  describeCycle,
  findCycles,
  layerViolations,
  moduleGraphOfSources,
  readModuleGraph,
  type LayerRule,
} from '../../scripts/lib/module-graph.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** src/<folder>/… for any of `folders`. */
const under = (...folders: string[]) => new RegExp(`^src/(?:${folders.join('|')})/`);
/** The server piece's core: the files directly in src/server/, but its two entry points (which assemble every layer). */
const SERVER_CORE = /^src\/server\/(?!index\.ts$|fetch\.ts$)[^/]+$/;

const LAYERS: LayerRule[] = [
  {
    files: under('contract'),
    mayNotImport: under('client', 'browser', 'elements', 'entries', 'frameworks', 'locales', 'server', 'sandbox'),
    because: 'the contract is the bottom layer: every side imports it, it imports none',
  },
  {
    files: under('client', 'browser'),
    mayNotImport: under('elements', 'entries', 'frameworks'),
    because: 'the data layer and the page modules sit below the elements: move what both need down into src/client or src/browser',
  },
  {
    files: under('elements'),
    mayNotImport: under('entries', 'frameworks'),
    because: 'the elements sit below the entry points that register and export them',
  },
  {
    files: /^src\/(?!entries\/|frameworks\/)/,
    mayNotImport: under('entries'),
    because: 'only entry points and framework bindings import entry points',
  },
  {
    files: under('contract', 'client', 'browser', 'elements', 'entries', 'frameworks', 'locales'),
    mayNotImport: under('server', 'sandbox'),
    because: 'browser code never reaches the server piece or the sandbox',
  },
  {
    files: /^src\/(?!render\/)/,
    mayNotImport: under('render'),
    because: 'server rendering (kyi-elements/server/render) is the top layer: it renders the elements with the server piece\'s lookups, and neither reaches it',
  },
  {
    files: under('server'),
    mayNotImport: under('client', 'browser', 'elements', 'entries', 'frameworks', 'locales', 'sandbox'),
    because: 'the server piece runs no browser code and no sandbox',
  },
  {
    files: SERVER_CORE,
    mayNotImport: under('server/node', 'server/poll', 'server/store', 'server/postgres'),
    because: 'the core is fetch-standard and below the Node adapter, the pollers and the stores (only index.ts and fetch.ts assemble them)',
  },
  {
    files: under('server/upstream', 'server/poll', 'server/store', 'server/postgres'),
    mayNotImport: under('server/node'),
    because: 'the Node adapter is the top of the server piece',
  },
];

describe('the module graph of src/', () => {
  const graph = readModuleGraph(ROOT, 'src');

  it('reads every module of src/ and its imports', () => {
    assert.ok(graph.size > 150, `only ${graph.size} modules read`);
    const lookup = graph.get('src/elements/token-status/token-status.ts');
    assert.ok(lookup?.some((e) => e.to.startsWith('src/client/')), 'token-status.ts imports the lookup client');
  });

  it('has no import cycle, runtime or type-only', () => {
    const cycles = findCycles(graph).map(describeCycle);
    assert.deepEqual(
      cycles,
      [],
      `import cycles in src/ (files in import order; move what both sides need into a leaf module):\n  ${cycles.join('\n  ')}`,
    );
  });

  it('has layers that point down', () => {
    const upward = layerViolations(graph, LAYERS);
    assert.deepEqual(upward, [], `imports that point up a layer:\n  ${upward.join('\n  ')}`);
  });
});

describe('the cycle check, on scratch modules', () => {
  it('names a runtime cycle’s files in import order', () => {
    const graph = moduleGraphOfSources({
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b;",
      'src/b.ts': "export { c as b } from './c.js';",
      'src/c.ts': "import { a } from './a.js';\nexport const c = () => a;",
      'src/leaf.ts': "import { a } from './a.js';\nexport const leaf = a;",
    });
    const cycles = findCycles(graph);
    assert.deepEqual(cycles.map(describeCycle), ['src/a.ts → src/b.ts → src/c.ts → src/a.ts (runtime imports)']);
  });

  it('finds a cycle closed by type-only imports (`import type`, `import { type X }`, `import("…").T`)', () => {
    const graph = moduleGraphOfSources({
      'src/loop.ts': "import { wait } from './outage';\nexport type WaitedOut = Error;\nexport const run = wait;",
      'src/outage.ts': "import type { WaitedOut } from './loop.js';\nexport const wait = (e: WaitedOut) => e;",
      'src/route.ts': "import { type Handler } from './handler.js';\nexport const route = (h: Handler) => h;",
      'src/handler.ts': "export type Handler = (r: import('./route.js').Route) => void;\nexport interface Route { path: string }",
    });
    assert.deepEqual(findCycles(graph).map(describeCycle), [
      'src/handler.ts ⇢ src/route.ts ⇢ src/handler.ts (type-only imports)',
      'src/loop.ts → src/outage.ts ⇢ src/loop.ts (⇢ type-only import)',
    ]);
  });

  it('names the rest of a knot, and finds nothing in a graph without cycles', () => {
    const knot = moduleGraphOfSources({
      'src/a.ts': "import './b.js';\nimport './c.js';",
      'src/b.ts': "import './a.js';",
      'src/c.ts': "import './a.js';",
    });
    assert.deepEqual(findCycles(knot).map(describeCycle), ['src/a.ts → src/b.ts → src/a.ts (runtime imports; the same knot also holds src/c.ts)']);
    const tree = moduleGraphOfSources({ 'src/a.ts': "import './b.js';\nimport './c.js';", 'src/b.ts': "import './c.js';", 'src/c.ts': '' });
    assert.deepEqual(findCycles(tree), []);
  });

  it('names an import that points up a layer', () => {
    const graph = moduleGraphOfSources({
      'src/client/widget.ts': "import { openDrawer } from '../elements/verify-button/drawer.js';\nexport const w = openDrawer;",
      'src/elements/verify-button/drawer.ts': "import type { W } from '../../client/types.js';\nexport const openDrawer = (w: W) => w;",
      'src/client/types.ts': 'export type W = string;',
    });
    assert.deepEqual(layerViolations(graph, LAYERS), [
      'src/client/widget.ts → src/elements/verify-button/drawer.ts: the data layer and the page modules sit below the elements: move what both need down into src/client or src/browser',
    ]);
  });
});
