/**
 * The import graph of our modules, read with the TypeScript compiler (the same module
 * resolution `tsc` uses: tsconfig's `moduleResolution` and `paths`), and the two checks
 * `test/node/module-graph.test.ts` holds it to: no cycles (runtime or type-only) and layers
 * that point down.
 *
 * Every `import`, `import type`, `export … from`, `export type … from`, `import x = require()`,
 * dynamic `import()` and type-position `import('…').T` counts: a type-only cycle still ties
 * the files' meanings together (each can only be read, moved or changed with the others).
 */
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One file's import of another, both as paths relative to the root (`src/a/b.ts`). */
export interface ModuleEdge {
  to: string;
  /** Every statement that names `to` is type-only (`import type`, `export type`, `import('…').T`). */
  typeOnly: boolean;
}

/** Each module → the modules of the graph it imports (sorted). */
export type ModuleGraph = Map<string, ModuleEdge[]>;

/** Where the graph's modules come from: `fileExists`/`readFile` (for resolution) and the list of modules. */
export interface ModuleSources {
  /** Absolute directory every reported path is relative to. */
  root: string;
  /** Absolute paths of the modules in the graph (imports of anything else are left out). */
  files: string[];
  options: ts.CompilerOptions;
  host: ts.ModuleResolutionHost;
}

/** Every module specifier a file names, with whether that statement is type-only. */
function specifiersOf(file: ts.SourceFile): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      // `import { type A, type B } from` names only types; `import {} from` and `import './x'` run the module
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      add(node.moduleSpecifier, node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The import graph of `sources.files`: each import resolved as tsc resolves it. */
export function moduleGraphOf(sources: ModuleSources): ModuleGraph {
  const inGraph = new Set(sources.files.map((f) => resolve(f)));
  const name = (abs: string) => relative(sources.root, abs).split('\\').join('/');
  const cache = ts.createModuleResolutionCache(sources.root, (f) => f, sources.options);
  const graph: ModuleGraph = new Map();
  for (const abs of [...inGraph].sort()) {
    const text = sources.host.readFile(abs);
    if (text === undefined) throw new Error(`module graph: cannot read ${abs}`);
    const file = ts.createSourceFile(abs, text, ts.ScriptTarget.Latest, false);
    const edges = new Map<string, boolean>();
    for (const { specifier, typeOnly } of specifiersOf(file)) {
      const resolved = ts.resolveModuleName(specifier, abs, sources.options, sources.host, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = resolve(resolved.resolvedFileName);
      if (!inGraph.has(target)) continue;
      const to = name(target);
      edges.set(to, (edges.get(to) ?? true) && typeOnly);
    }
    graph.set(
      name(abs),
      [...edges].sort(([a], [b]) => a.localeCompare(b)).map(([to, typeOnly]) => ({ to, typeOnly })),
    );
  }
  return graph;
}

/** The graph of every module tsconfig includes under `under` (e.g. `src`), read from disk. */
export function readModuleGraph(root: string, under: string, tsconfig = 'tsconfig.json'): ModuleGraph {
  const configPath = join(root, tsconfig);
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(`module graph: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath));
  const prefix = resolve(root, under) + '/';
  const files = parsed.fileNames.map((f) => resolve(f)).filter((f) => f.startsWith(prefix) && !f.endsWith('.json'));
  return moduleGraphOf({ root, files, options: parsed.options, host: ts.sys });
}

/**
 * A graph of modules held in memory (`{ 'src/a.ts': 'import …' }`), resolved as tsc would with
 * `options` (default: ESM, bundler resolution): for checking the checker on scratch modules.
 */
export function moduleGraphOfSources(files: Record<string, string>, options: ts.CompilerOptions = {}): ModuleGraph {
  const root = resolve('/scratch-modules');
  const byPath = new Map(Object.entries(files).map(([path, text]) => [join(root, path), text]));
  const host: ts.ModuleResolutionHost = {
    fileExists: (f) => byPath.has(resolve(f)),
    readFile: (f) => byPath.get(resolve(f)),
    directoryExists: (d) => [...byPath.keys()].some((f) => f.startsWith(resolve(d) + '/')),
  };
  return moduleGraphOf({
    root,
    files: [...byPath.keys()],
    options: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, ...options },
    host,
  });
}

/** One cycle: its files in import order (the first imports the second, …, the last imports the first). */
export interface ModuleCycle {
  files: string[];
  /** Per file, whether its import of the next one (the last's of the first) is type-only. */
  typeOnly: boolean[];
  /** The other files of the same knot (strongly connected set), reached by other cycles through these. */
  alsoTangled: string[];
}

/**
 * The cycles of `graph`: one per knot of modules that import each other (a strongly connected
 * set), the shortest cycle through the knot's first file; fixing it may show the next one.
 */
export function findCycles(graph: ModuleGraph): ModuleCycle[] {
  // Tarjan's strongly connected components
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const targets = (file: string) => (graph.get(file) ?? []).map((e) => e.to).filter((to) => graph.has(to));
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of targets(file)) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const knot: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        knot.push(member);
      } while (member !== file);
      if (knot.length > 1 || targets(file).includes(file)) knots.push(knot.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);

  return knots
    .map((knot) => {
      const members = new Set(knot);
      const start = knot[0]!;
      // breadth-first from start, inside the knot, back to start: the shortest cycle through it
      const cameFrom = new Map<string, string>();
      const queue = [start];
      let last: string | undefined;
      search: while (queue.length) {
        const file = queue.shift()!;
        for (const to of targets(file)) {
          if (!members.has(to)) continue;
          if (to === start) {
            last = file;
            break search;
          }
          if (!cameFrom.has(to)) {
            cameFrom.set(to, file);
            queue.push(to);
          }
        }
      }
      const files = [last!];
      while (files[0] !== start) files.unshift(cameFrom.get(files[0]!)!);
      const typeOnly = files.map((f, i) => graph.get(f)!.find((e) => e.to === files[(i + 1) % files.length])!.typeOnly);
      return { files, typeOnly, alsoTangled: knot.filter((f) => !files.includes(f)) };
    })
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/**
 * A cycle as one line, its files in import order back to the first: `→` a runtime import,
 * `⇢` a type-only one; then the rest of its knot.
 */
export function describeCycle(cycle: ModuleCycle): string {
  const ring = cycle.files.map((f, i) => `${f} ${cycle.typeOnly[i] ? '⇢' : '→'} `).join('') + cycle.files[0];
  const kind = cycle.typeOnly.every(Boolean) ? 'type-only imports' : cycle.typeOnly.some(Boolean) ? '⇢ type-only import' : 'runtime imports';
  const more = cycle.alsoTangled.length ? `; the same knot also holds ${cycle.alsoTangled.join(', ')}` : '';
  return `${ring} (${kind}${more})`;
}

/** A layer rule: modules whose path (`src/…`) matches `files` import none whose path matches `mayNotImport`. */
export interface LayerRule {
  files: RegExp;
  mayNotImport: RegExp;
  /** Why, in the words of the error. */
  because: string;
}

/** Every import that breaks a rule: `from → to: because`. */
export function layerViolations(graph: ModuleGraph, rules: LayerRule[]): string[] {
  const found: string[] = [];
  for (const [from, edges] of graph) {
    for (const rule of rules) {
      if (!rule.files.test(from)) continue;
      for (const { to, typeOnly } of edges) {
        if (rule.mayNotImport.test(to)) found.push(`${from} → ${to}${typeOnly ? ' (type-only)' : ''}: ${rule.because}`);
      }
    }
  }
  return found.sort();
}
