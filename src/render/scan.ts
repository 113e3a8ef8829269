/**
 * Finds the kit's display elements in an HTML page or fragment as the browser's parser builds
 * them: with parse5, which follows the WHATWG parsing algorithm (foreign content, attribute
 * tokenizing, raw text, script escapes, CDATA, `<template>` content, foster parenting…). A tag
 * the browser does not make into an HTML element of the kit (inside `<svg>` or `<math>`, in
 * `<template>` content, in a comment or an attribute value) is not found. Attributes are the
 * parser's (decoded, lower-case names, the first of each name).
 *
 * Nothing is rewritten: the render inserts each element's shadow root right after its start tag
 * (`end`), and only where a second parse shows a template written there becomes that element's
 * first child, so no root can land anywhere else in the page.
 *
 * Input is parsed as a document (a fragment as the content of `<body>`): the page, or a fragment
 * the partner places where HTML flow content goes (docs/server-rendering.md).
 *
 * Fetch-API only (no `node:` imports). parse5 is bundled into the render's builds.
 */
import { parse } from 'parse5';

/** One start tag of a kit element. */
export interface FoundElement {
  /** The tag name, lower-case (`kyi-token-status`). */
  tag: string;
  /** Its attributes, as the parser keeps them (decoded, the first of each name). */
  attributes: Map<string, string>;
  /** Offset just after the start tag's `>`. */
  end: number;
}

/** What the render reads of parse5's default tree (the same in parse5 6 and 7). */
interface TreeNode {
  nodeName: string;
  tagName?: string;
  namespaceURI?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: TreeNode[];
  parentNode?: TreeNode | null;
  sourceCodeLocation?: { startTag?: { endOffset: number } } | null;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** The document `html` parses into, with source offsets. */
function parseTree(html: string): TreeNode {
  return parse(html, { sourceCodeLocationInfo: true }) as unknown as TreeNode;
}

/** Every element in `node`'s tree, in document order, not entering `<template>` content (kept apart by the parser). */
function* elementsOf(node: TreeNode): Generator<TreeNode> {
  for (const child of node.childNodes ?? []) {
    if (!child.tagName) continue;
    yield child;
    yield* elementsOf(child);
  }
}

/** An HTML-namespace element of one of `tags`. */
function isKitElement(node: TreeNode | null | undefined, tags: ReadonlySet<string>): node is TreeNode {
  return !!node && node.namespaceURI === HTML_NS && !!node.tagName && tags.has(node.tagName);
}

/** A value no page can have written: marks the probes of one render. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The start tags of `tags` in `html`, in document order, the first `limit` of them, each where a
 * template inserted after it is its first child; and the page's `<html lang>` when it has one.
 */
export function findElements(html: string, tags: ReadonlySet<string>, limit: number): { elements: FoundElement[]; lang: string | undefined } {
  // No start tag of a kit element, no element: the page is not parsed (every element has its
  // name written after a `<`, in any case).
  const lower = html.toLowerCase();
  if (![...tags].some((tag) => lower.includes(`<${tag}`))) return { elements: [], lang: undefined };
  const document = parseTree(html);
  const candidates: FoundElement[] = [];
  let lang: string | undefined;
  for (const node of elementsOf(document)) {
    if (node.tagName === 'html' && node.namespaceURI === HTML_NS) lang = node.attrs?.find((a) => a.name === 'lang')?.value.trim() || undefined;
    const end = node.sourceCodeLocation?.startTag?.endOffset;
    if (!isKitElement(node, tags) || end === undefined) continue;
    if (candidates.length === limit) break;
    candidates.push({ tag: node.tagName!, attributes: new Map((node.attrs ?? []).map((a) => [a.name, a.value])), end });
  }
  if (candidates.length === 0) return { elements: [], lang };

  // The check: a marked empty template after each start tag, parsed again; an element keeps its
  // place only when its template is that element's first child (not moved, not foreign, not text).
  const mark = nonce();
  let probed = '';
  let at = 0;
  const ends: number[] = [];
  for (const [i, found] of candidates.entries()) {
    probed += html.slice(at, found.end);
    ends.push(probed.length);
    probed += `<template shadowrootmode="open" data-kyi-probe="${mark}-${i}"></template>`;
    at = found.end;
  }
  probed += html.slice(at);
  const placed = new Set<number>();
  for (const node of elementsOf(parseTree(probed))) {
    const probe = node.tagName === 'template' && node.namespaceURI === HTML_NS ? node.attrs?.find((a) => a.name === 'data-kyi-probe')?.value : undefined;
    if (!probe?.startsWith(`${mark}-`)) continue;
    const i = Number(probe.slice(mark.length + 1));
    const parent = node.parentNode;
    // Its own element (the start tag it was written after), as that element's first child.
    if (isKitElement(parent, tags) && parent.sourceCodeLocation?.startTag?.endOffset === ends[i] && parent.childNodes?.[0] === node) placed.add(i);
  }
  return { elements: candidates.filter((_, i) => placed.has(i)), lang };
}
