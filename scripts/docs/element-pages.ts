/**
 * One docs page per element (docs/elements/<tag>.md), made from custom-elements.json so the
 * reference cannot drift from the JSDoc: attributes, properties and methods, events, slots,
 * CSS parts and custom properties, and a live example on the sandbox (docs/.vitepress/theme/live.ts).
 * Written by scripts/docs/generate.ts before every docs build.
 */
import { SANDBOX_FIXTURES } from '../../src/sandbox/data/tokens.js';

interface Item {
  name: string;
  description?: string;
  summary?: string;
  type?: { text: string };
  default?: string;
  fieldName?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
}
export interface Declaration {
  tagName?: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: Item[];
  members?: Item[];
  events?: Item[];
  slots?: Item[];
  cssParts?: Item[];
  cssProperties?: Item[];
}
export interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

/** The order of the sidebar and of the element index: token pages first, then monitoring. */
export const ELEMENT_ORDER = ['kyi-badge', 'kyi-token-status', 'kyi-asset-card', 'kyi-verify-button', 'kyi-watchlist', 'kyi-change-feed', 'kyi-notifications'];

const { pyusd } = SANDBOX_FIXTURES;
/**
 * Each element's live example: markup as a partner writes it, on the sandbox's tokens. The page
 * shows it running and as code; test/node/docs.test.ts waits for each to settle.
 */
export const LIVE_EXAMPLES: Record<string, string> = {
  'kyi-badge': '<kyi-badge variant="full"></kyi-badge>',
  'kyi-token-status': `<kyi-token-status caip19="${pyusd.caip19}"></kyi-token-status>`,
  'kyi-asset-card': `<kyi-asset-card chain="${pyusd.chain}" address="${pyusd.address}"></kyi-asset-card>`,
  'kyi-verify-button': '<kyi-verify-button></kyi-verify-button>',
  'kyi-watchlist': '<kyi-watchlist></kyi-watchlist>',
  'kyi-change-feed': '<kyi-change-feed days="90"></kyi-change-feed>',
  'kyi-notifications': '<kyi-notifications></kyi-notifications>',
};

const LIVE_NOTE =
  'The live example runs on the kit\'s sandbox inside this site\'s Service Worker, which this browser did not start ' +
  '(service workers need an https or localhost address, and some private windows turn them off).';

function liveExample(tag: string): string {
  const markup = LIVE_EXAMPLES[tag];
  if (!markup) throw new Error(`docs: <${tag}> has no live example in LIVE_EXAMPLES (scripts/docs/element-pages.ts)`);
  const signedIn = /^kyi-(verify-button|watchlist|change-feed|notifications)$/.test(tag)
    ? '\n\nThe docs\' server signs every reader in as one demo user; yours asks its own session (`getUserId`, `authorize`: [Server](../server.md)).'
    : '';
  return [
    '## Live example',
    `Running on the kit's sandbox, through the docs site's own server piece (both in this site's Service Worker, with the sandbox's published demo credentials); the page calls \`configure({ proxyUrl, badgeBaseUrl, widgetUrl })\` and imports \`kyi-elements/define\`, as in [Getting started](../getting-started.md#npm).${signedIn}`,
    `<div class="kyi-live" data-example="${tag}"><div class="kyi-live-stage">${markup}</div><p class="kyi-live-note">${LIVE_NOTE}</p></div>`,
    `\`\`\`html\n${markup}\n\`\`\``,
  ].join('\n\n');
}

/** Prose from JSDoc: one line, `|` escaped for tables, `<` and `{` kept from reading as HTML or Vue. */
const text = (s: string | undefined) =>
  (s ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim()
    .split(/(`[^`]*`)/).map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/\{/g, '&#123;'))).join('');
const code = (s: string | undefined) => (s ? `\`${(s ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim()}\`` : '');

function table(head: string[], rows: string[][]): string {
  if (!rows.length) return '';
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The elements the manifest describes, each with the module that registers it, in sidebar order. */
export function elementsOf(manifest: Manifest): { declaration: Declaration; module: string }[] {
  const found = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.tagName).map((declaration) => ({ declaration, module: m.path })));
  const rank = (tag: string) => (ELEMENT_ORDER.includes(tag) ? ELEMENT_ORDER.indexOf(tag) : ELEMENT_ORDER.length);
  return found.sort((a, b) => rank(a.declaration.tagName!) - rank(b.declaration.tagName!) || a.declaration.tagName!.localeCompare(b.declaration.tagName!));
}

/** The Markdown page of one element. `module` is its manifest path (`dist/badge.js`). */
export function elementPage(d: Declaration, module: string): string {
  const entry = `kyi-elements/${module.replace(/^dist\//, '').replace(/\.js$/, '')}`;
  const attrs = d.attributes ?? [];
  const attrFields = new Set(attrs.map((a) => a.fieldName));
  const members = (d.members ?? []).filter(
    (m) => !m.static && (m.privacy === undefined || m.privacy === 'public') && !m.name.startsWith('#') && !m.name.startsWith('_') && !attrFields.has(m.name) && m.description,
  );
  const section = (title: string, body: string) => (body ? `## ${title}\n\n${body}` : '');
  const parts = [
    '<!-- generated by scripts/docs/generate.ts from custom-elements.json; do not edit -->',
    `# \`<${d.tagName}>\``,
    text(d.summary),
    text(d.description),
    `\`\`\`js\nimport '${entry}'; // registers <${d.tagName}> (class ${d.name}); or 'kyi-elements/define' for every element\n\`\`\``,
    liveExample(d.tagName!),
    // one column for the attribute and its property when they share the name (most do), so the description has room
    section(
      'Attributes',
      table(['Attribute (property)', 'Type', 'Default', 'Description'], attrs.map((a) => [a.fieldName && a.fieldName !== a.name ? `${code(a.name)} (${code(a.fieldName)})` : code(a.name), code(a.type?.text), code(a.default), text(a.description)])),
    ),
    section(
      'Properties and methods',
      table(
        ['Name', 'Kind', 'Type', 'Description'],
        members.map((m) => [code(m.kind === 'method' ? `${m.name}()` : m.name), m.kind === 'method' ? 'method' : m.readonly ? 'read-only' : 'property', code(m.type?.text), text(m.description)]),
      ),
    ),
    section('Events', table(['Event', 'Description'], (d.events ?? []).filter((e) => e.name).map((e) => [code(e.name), text(e.description)]))),
    section('Slots', table(['Slot', 'Description'], (d.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', text(s.description)]))),
    section('CSS parts', table(['Part', 'Description'], (d.cssParts ?? []).map((p) => [code(p.name), text(p.description)]))),
    section('CSS custom properties', table(['Property', 'Description'], (d.cssProperties ?? []).map((p) => [code(p.name), text(p.description)]))),
  ];
  return parts.filter(Boolean).join('\n\n') + '\n';
}
