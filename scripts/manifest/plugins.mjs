/**
 * Custom Elements Manifest analyzer plugins that make custom-elements.json describe the package
 * as it ships: public API only, defaults as values, typed events, and modules under `dist/`.
 * Used by custom-elements-manifest.config.mjs; the framework type plugins run after these.
 */
import ts from 'typescript';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/**
 * Kit events from src/browser/events.ts: event name → its class (from `GlobalEventHandlersEventMap`)
 * and that class's `detail` type (the type argument of `KyiEvent<…>` it extends), the class
 * declared there, in src/browser/event-base.ts (`kyi-error`, which a badge page loads alone) or
 * in the modules of one element family's events (src/browser/*-events.ts: copy-events.ts,
 * widget-events.ts, monitoring-events.ts).
 * @returns {Map<string, { eventClass: string, detailType: string | undefined }>}
 */
export function kitEvents(files = ['event-base.ts', ...readdirSync('src/browser').filter((f) => f.endsWith('events.ts'))].map((f) => `src/browser/${f}`)) {
  const details = new Map();
  const classes = new Map();
  let source;
  const visit = (node) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const arg = node.heritageClauses?.[0]?.types[0]?.typeArguments?.[0];
      if (arg && ts.isTypeReferenceNode(arg)) details.set(node.name.text, arg.typeName.getText(source));
    }
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'GlobalEventHandlersEventMap') {
      for (const m of node.members) if (ts.isPropertySignature(m) && m.type) classes.set(m.name.text, m.type.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit((source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return new Map([...classes].map(([name, eventClass]) => [name, { eventClass, detailType: details.get(eventClass) }]));
}

const declarationsOf = (manifest) => manifest.modules.flatMap((m) => m.declarations ?? []);
const isPrivate = (name, privacy) => privacy === 'private' || privacy === 'protected' || /^[_#]/.test(name ?? '');

/** Each `@fires` event of a kit element gets its `detail` type, so framework types check handlers. */
export function eventTypesPlugin() {
  const events = kitEvents();
  return {
    name: 'kyi-event-types',
    packageLinkPhase({ customElementsManifest }) {
      for (const event of declarationsOf(customElementsManifest).flatMap((d) => d.events ?? [])) {
        const detail = events.get(event.name)?.detailType;
        if (!event.type && detail) event.type = { text: detail };
      }
    },
  };
}

/** Drops private, protected, `#` and `_` members and the attributes of internal state. */
export function publicApiPlugin() {
  return {
    name: 'kyi-public-api',
    packageLinkPhase({ customElementsManifest }) {
      for (const d of declarationsOf(customElementsManifest)) {
        const hidden = new Set((d.members ?? []).filter((m) => isPrivate(m.name, m.privacy)).map((m) => m.name));
        if (d.members) d.members = d.members.filter((m) => !hidden.has(m.name));
        if (d.attributes) d.attributes = d.attributes.filter((a) => !isPrivate(a.fieldName ?? a.name) && !hidden.has(a.fieldName));
      }
    },
  };
}

/** `20_000` → `20000`; a constant's name → the constant's value (when the manifest knows it). */
function resolveDefault(value, constants, seen = new Set()) {
  if (/^\d[\d_]*(\.\d+)?$/.test(value)) return value.replaceAll('_', '');
  if (!constants.has(value) || seen.has(value)) return value;
  return resolveDefault(constants.get(value), constants, seen.add(value));
}

/** Shows defaults as values, not as the names of the constants that hold them. */
export function valueDefaultsPlugin() {
  return {
    name: 'kyi-value-defaults',
    packageLinkPhase({ customElementsManifest }) {
      const declarations = declarationsOf(customElementsManifest);
      const constants = new Map(declarations.filter((d) => d.kind === 'variable' && d.default !== undefined).map((d) => [d.name, d.default]));
      for (const item of declarations.flatMap((d) => [...(d.members ?? []), ...(d.attributes ?? [])])) {
        if (typeof item.default === 'string') item.default = resolveDefault(item.default, constants);
      }
    },
  };
}

/** `./elements/x.js` seen from `src/entries/index.ts` → `src/elements/x.ts`. */
const sourcePath = (from, specifier) => posix.join(posix.dirname(from), specifier).replace(/\.js$/, '.ts');

/** Points every `{ name, module }` reference at the shipped module, or drops a module that does not ship. */
function relink(value, home) {
  if (Array.isArray(value)) return value.forEach((v) => relink(v, home));
  if (!value || typeof value !== 'object') return;
  if (typeof value.module === 'string' && typeof value.name === 'string') {
    if (home.has(value.name)) value.module = home.get(value.name);
    else delete value.module;
  }
  for (const v of Object.values(value)) relink(v, home);
}

/** The package's JS entries: `{ source: 'src/entries/badge.ts', built: 'dist/badge.js' }`, from the exports map. */
function packageEntries(packageJson = 'package.json') {
  const { exports } = JSON.parse(readFileSync(packageJson, 'utf8'));
  return Object.values(exports)
    .filter((e) => typeof e === 'object' && e.types?.startsWith('./dist/types/') && e.import)
    .map((e) => ({ source: e.types.replace('./dist/types/', 'src/').replace(/\.d\.ts$/, '.ts'), built: e.import.replace(/^\.\//, '') }));
}

/** Declarations an analysed module exports, found through its `export … from` (or its own declarations). */
function exportedDeclarations(manifest, module) {
  return (module.exports ?? []).flatMap((e) => {
    if (e.kind !== 'js') return [];
    const path = e.declaration.module?.startsWith('.') ? sourcePath(module.path, e.declaration.module) : e.declaration.module;
    const found = manifest.modules.find((m) => m.path === path)?.declarations?.find((d) => d.name === e.declaration.name);
    return found ? [found] : [];
  });
}

/** Calls by name inside a node, and the `defineElement('tag', Class)` registrations among them. */
function callsIn(ts, root) {
  const calls = [];
  const tags = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const [tag, cls] = node.arguments;
      if (node.expression.text !== 'defineElement') calls.push(node.expression.text);
      else if (tag && cls && ts.isStringLiteral(tag) && ts.isIdentifier(cls)) tags.push([tag.text, cls.text]);
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return { calls, tags };
}

/**
 * What importing each analysed file registers: its top-level calls, followed through the functions
 * the analysed files declare, down to `defineElement('tag', Class)`.
 */
function registrations() {
  const files = new Map();
  const functions = new Map();
  return {
    collect(ts, source) {
      if (files.has(source.fileName)) return;
      const top = { calls: [], tags: [] };
      for (const statement of source.statements) {
        if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, callsIn(ts, statement));
        else if (ts.isExpressionStatement(statement)) {
          const found = callsIn(ts, statement);
          top.calls.push(...found.calls);
          top.tags.push(...found.tags);
        }
      }
      files.set(source.fileName, top);
    },
    /** @returns {Map<string, string>} tag → class name */
    onImport(path) {
      const top = [...files].find(([file]) => file.endsWith(path))?.[1] ?? { calls: [], tags: [] };
      const tags = new Map(top.tags);
      const seen = new Set();
      for (const queue = [...top.calls]; queue.length; ) {
        const name = queue.shift();
        if (seen.has(name) || !functions.has(name)) continue;
        seen.add(name);
        for (const [tag, cls] of functions.get(name).tags) tags.set(tag, cls);
        queue.push(...functions.get(name).calls);
      }
      return tags;
    },
  };
}

/**
 * Rewrites the modules to what ships: one module per JS entry of the exports map (`dist/…`). Each
 * declaration lives in the most specific entry exporting it (`dist/badge.js` for `KyiBadge`), the
 * others re-export it, and an entry that registers tags on import has a `custom-element-definition`
 * export for each (`dist/badge.js`: `kyi-badge`; `dist/define.js`: every tag).
 */
export function shippedModulesPlugin() {
  const registered = registrations();
  return {
    name: 'kyi-shipped-modules',
    analyzePhase({ ts: tsApi, node }) {
      if (tsApi.isSourceFile(node)) registered.collect(tsApi, node);
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      const entries = packageEntries()
        .map((entry) => ({ ...entry, module: manifest.modules.find((m) => m.path === entry.source) }))
        .filter((entry) => entry.module)
        .map((entry) => ({ ...entry, declarations: exportedDeclarations(manifest, entry.module), tags: registered.onImport(entry.source) }));
      const home = new Map();
      for (const entry of [...entries].sort((a, b) => a.declarations.length - b.declarations.length)) {
        for (const d of entry.declarations) if (!home.has(d.name)) home.set(d.name, entry.built);
      }
      for (const entry of entries) relink(entry.declarations, home);
      manifest.modules = entries.filter((e) => e.declarations.length || e.tags.size).map((entry) => shippedModule(entry, home));
    },
  };
}

function shippedModule({ built, declarations, tags }, home) {
  const definitions = [...tags].sort(([a], [b]) => a.localeCompare(b)).map(([tag, cls]) => {
    if (!home.has(cls)) throw new Error(`custom-elements manifest: ${built} registers <${tag}> with ${cls}, which no entry exports`);
    return { kind: 'custom-element-definition', name: tag, declaration: { name: cls, module: home.get(cls) } };
  });
  return {
    kind: 'javascript-module',
    path: built,
    declarations: declarations.filter((d) => home.get(d.name) === built),
    exports: [...declarations.map((d) => ({ kind: 'js', name: d.name, declaration: { name: d.name, module: home.get(d.name) } })), ...definitions],
  };
}

/**
 * Runs a framework type plugin on a copy of the manifest without read-only members: a
 * framework may set only what the element lets it set (`status`, `settled`… are getters).
 */
export function settableOnly(plugin) {
  return {
    ...plugin,
    packageLinkPhase({ customElementsManifest, ...rest }) {
      const copy = structuredClone(customElementsManifest);
      for (const d of declarationsOf(copy)) if (d.members) d.members = d.members.filter((m) => !m.readonly);
      plugin.packageLinkPhase({ ...rest, customElementsManifest: copy });
    },
  };
}

/** `kyi-watchlist-change` → `onKyiWatchlistChange`. */
export const eventProp = (name) => 'on' + name.replace(/(^|-)([a-z])/g, (_, _dash, c) => c.toUpperCase());

/** Runs a framework type plugin, then rewrites the file it wrote with `transform` (text → text). */
export function patchOutput(plugin, { outdir, fileName }, transform) {
  return {
    ...plugin,
    packageLinkPhase(context) {
      plugin.packageLinkPhase(context);
      const file = join(outdir, fileName);
      writeFileSync(file, transform(readFileSync(file, 'utf8')));
    },
  };
}

/**
 * The framework type plugins import a name once for each element that uses it (`KyiErrorDetail`
 * seven times), which a consumer checking libraries (`skipLibCheck: false`) sees as TS2300
 * "Duplicate identifier": each `import type { … }` keeps a name once, in first-seen order.
 */
export function dedupeImports(text) {
  return text.replace(/^import type \{([^}]*)\} from ("[^"]+");$/gm, (statement, list, from) => {
    const names = [...new Set(list.split(',').map((n) => n.trim()).filter(Boolean))];
    if (!list.includes('\n')) return `import type { ${names.join(', ')} } from ${from};`;
    return `import type {\n${names.map((n) => `  ${n},\n`).join('')}} from ${from};`;
  });
}

/**
 * The plugins declare each element's props (`KyiBadgeProps`) and the props every element takes
 * (`BaseProps`, `BaseEvents`) without exporting some of them, though the exported element map
 * names them: each is exported, so the framework entries can export what their types name.
 */
export const exportPropsTypes = (text) => text.replace(/^type (\w+(?:Props|Events)) =/gm, 'export type $1 =');

/** vue-tsc checks `@kyi-status` against an `onKyiStatus` prop, not `onkyi-status`. */
export const vueEventProps = (text) => text.replace(/"on(kyi-[a-z-]+)"\?:/g, (_, name) => `${eventProp(name)}?:`);

/**
 * Svelte: the `svelteHTML` namespace must be global (the generated file is a module, so a plain
 * `declare namespace` would stay local), and Svelte 5's `onkyi-status={…}` attributes are typed
 * beside Svelte 4's `on:kyi-status` directives. The plugin's base props name Solid's `JSX`
 * namespace, which Svelte has not (TS2503 under skipLibCheck: false): an inline `style` is a
 * string, and `children` (the content between the tags, a snippet only in Svelte 5) is left open.
 */
export function svelteGlobalTypes(text) {
  const withoutJsx = text.replace(/^(\s*)children\?: JSX\.Element;$/m, '$1children?: unknown;').replace(/^(\s*)style\?: JSX\.CSSProperties;$/m, '$1style?: string;');
  if (/\bJSX\./.test(withoutJsx)) throw new Error('svelte types: the generated file still names the JSX namespace');
  const withAttributes = withoutJsx.replace(/^(\s*)"on:(kyi-[a-z-]+)"\?:(.*)$/gm, (line, indent, name, type) => `${line}\n${indent}"on${name}"?:${type}`);
  const at = withAttributes.lastIndexOf('declare namespace svelteHTML');
  if (at === -1) throw new Error('svelte types: no svelteHTML namespace in the generated file');
  return `${withAttributes.slice(0, at)}declare global {\n  namespace svelteHTML {\n    interface IntrinsicElements extends CustomElements {}\n  }\n}\n`;
}
