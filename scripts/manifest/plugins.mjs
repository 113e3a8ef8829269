/**
 * Custom Elements Manifest analyzer plugins that make custom-elements.json describe the package
 * as it ships: public API only, defaults as values, typed events, and modules under `dist/`.
 * Used by custom-elements-manifest.config.mjs; the framework type plugins run after these.
 */
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { posix } from 'node:path';

/**
 * Kit events from src/events.ts: event name → its class (from `GlobalEventHandlersEventMap`)
 * and that class's `detail` type (the type argument of `KyiEvent<…>` it extends).
 * @returns {Map<string, { eventClass: string, detailType: string | undefined }>}
 */
export function kitEvents(file = 'src/events.ts') {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const details = new Map();
  const classes = new Map();
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
  visit(source);
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

/** `./elements/x.js` seen from `src/index.ts` → `src/elements/x.ts`. */
const sourcePath = (from, specifier) => posix.join(posix.dirname(from), specifier).replace(/\.js$/, '.ts');

/** Points every `{ name, module }` reference at the shipped module, or drops a module that does not ship. */
function relink(value, shipped) {
  if (Array.isArray(value)) return value.forEach((v) => relink(v, shipped));
  if (!value || typeof value !== 'object') return;
  if (typeof value.module === 'string' && typeof value.name === 'string') {
    if (shipped.has(value.name)) value.module = shipped.get(value.name);
    else delete value.module;
  }
  for (const v of Object.values(value)) relink(v, shipped);
}

/** Declarations the package root re-exports, found through the root module's `export … from`. */
function rootDeclarations(manifest, root) {
  const rootModule = manifest.modules.find((m) => m.path === root);
  if (!rootModule) throw new Error(`custom-elements manifest: ${root} was not analysed (add it to globs)`);
  return (rootModule.exports ?? []).flatMap((e) => {
    const path = e.declaration.module?.startsWith('.') ? sourcePath(root, e.declaration.module) : e.declaration.module;
    const found = manifest.modules.find((m) => m.path === path)?.declarations?.find((d) => d.name === e.declaration.name);
    return found ? [found] : [];
  });
}

/**
 * Rewrites the modules to what ships: the declarations the package root exports, in its built
 * module (`entries.root`), and a `custom-element-definition` export per tag in the built module
 * that registers every tag on import (`entries.define`). Tags come from `defineElement('tag', Class)`
 * calls in the analysed source.
 * @param {{ root: [string, string], define: string }} entries [source, built] root module; built define module
 */
export function shippedModulesPlugin({ root: [rootSource, rootBuilt], define }) {
  const registrations = [];
  return {
    name: 'kyi-shipped-modules',
    analyzePhase({ ts: tsApi, node }) {
      if (!tsApi.isCallExpression(node) || node.expression.getText() !== 'defineElement') return;
      const [tag, cls] = node.arguments;
      if (tag && cls && tsApi.isStringLiteral(tag) && tsApi.isIdentifier(cls)) registrations.push({ tag: tag.text, className: cls.text });
    },
    packageLinkPhase({ customElementsManifest: manifest }) {
      const declarations = rootDeclarations(manifest, rootSource);
      const shipped = new Map(declarations.map((d) => [d.name, rootBuilt]));
      relink(declarations, shipped);
      const unshipped = registrations.filter((r) => !shipped.has(r.className));
      if (unshipped.length) throw new Error(`custom-elements manifest: ${unshipped.map((r) => r.className).join(', ')} registered but not exported from ${rootSource}`);
      registrations.sort((a, b) => a.tag.localeCompare(b.tag));
      manifest.modules = [
        { kind: 'javascript-module', path: rootBuilt, declarations, exports: declarations.map((d) => ({ kind: 'js', name: d.name, declaration: { name: d.name, module: rootBuilt } })) },
        {
          kind: 'javascript-module',
          path: define,
          declarations: [],
          exports: registrations.map((r) => ({ kind: 'custom-element-definition', name: r.tag, declaration: { name: r.className, module: rootBuilt } })),
        },
      ];
    },
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

/** vue-tsc checks `@kyi-status` against an `onKyiStatus` prop, not `onkyi-status`. */
export const vueEventProps = (text) => text.replace(/"on(kyi-[a-z-]+)"\?:/g, (_, name) => `${eventProp(name)}?:`);

/**
 * Svelte: the `svelteHTML` namespace must be global (the generated file is a module, so a plain
 * `declare namespace` would stay local), and Svelte 5's `onkyi-status={…}` attributes are typed
 * beside Svelte 4's `on:kyi-status` directives.
 */
export function svelteGlobalTypes(text) {
  const withAttributes = text.replace(/^(\s*)"on:(kyi-[a-z-]+)"\?:(.*)$/gm, (line, indent, name, type) => `${line}\n${indent}"on${name}"?:${type}`);
  const at = withAttributes.lastIndexOf('declare namespace svelteHTML');
  if (at === -1) throw new Error('svelte types: no svelteHTML namespace in the generated file');
  return `${withAttributes.slice(0, at)}declare global {\n  namespace svelteHTML {\n    interface IntrinsicElements extends CustomElements {}\n  }\n}\n`;
}
