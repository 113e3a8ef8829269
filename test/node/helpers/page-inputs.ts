/**
 * The page-input check (docs/security.md, "Page inputs"): only `src/browser/page.ts` reads the
 * page. Every other browser-side module asks it, so a named element in user content
 * (`<form name="head">`, `<img name="querySelectorAll">`) can neither configure nor stop the kit.
 *
 * Read on the AST with the type checker (comments and strings are not code; a local variable
 * called `location` or a parameter called `event` is not the page's). A module is held to it
 * when it:
 * - names a global of the page (`document`, `window`, `location`, `navigator`,
 *   `customElements`, `innerHeight`, `event`…) declared by the DOM library, not by the module;
 * - reads one through the global object (`globalThis.document`, `(globalThis as …).event`,
 *   `window['location']`);
 * - reads any property of a `Document` (`el.ownerDocument.body`, `doc.querySelector`): a
 *   document's properties are exactly what named elements shadow; or of a `Location` or
 *   `Navigator`.
 * A `Window` page.ts hands out (`windowOf`) may be listened on: named access on a window never
 * hides one of its properties.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The page's state as globals: what only page.ts may name. */
export const PAGE_GLOBALS: ReadonlySet<string> = new Set([
  'document', 'window', 'self', 'top', 'parent', 'frames', 'opener', 'frameElement', 'location', 'history',
  'navigator', 'clientInformation', 'customElements', 'localStorage', 'sessionStorage', 'indexedDB', 'cookieStore',
  'event', 'name', 'origin', 'status', 'length', 'closed', 'screen', 'visualViewport', 'devicePixelRatio',
  'innerHeight', 'innerWidth', 'outerHeight', 'outerWidth', 'scrollX', 'scrollY', 'pageXOffset', 'pageYOffset',
  'screenX', 'screenY', 'screenLeft', 'screenTop', 'external',
]);
/** Objects reached through the global object: `globalThis.document`, `window.location`. */
const GLOBAL_OBJECTS: ReadonlySet<string> = new Set(['globalThis', 'window', 'self', 'top', 'parent', 'frames']);
/** Types whose properties are page state (a Document's are the ones markup shadows). */
const PAGE_TYPES: ReadonlySet<string> = new Set(['Document', 'HTMLDocument', 'XMLDocument', 'Location', 'Navigator']);

/** The one module that reads the page. */
export const OWNER = 'src/browser/page.ts';
/**
 * Folders of src/ that are not page code: the server piece and the sandbox (Node; the
 * sandbox's widget pages are the vendor's stand-in, not the kit).
 */
export const NOT_BROWSER = ['src/server/', 'src/sandbox/'];

export interface PageRead {
  file: string;
  line: number;
  text: string;
  rule: 'global' | 'through the global object' | 'property of a page object';
}

/** Every `.ts` file of src/ held to the rule (not .d.ts, not the owner, not the server or sandbox). */
export function browserSources(root = resolve('.')): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
    }
  };
  walk(join(root, 'src'));
  return out.filter((file) => {
    const rel = relative(root, file).split(sep).join('/');
    return rel !== OWNER && !NOT_BROWSER.some((dir) => rel.startsWith(dir));
  });
}

/**
 * The page reads in `files`; `overlay` gives sources by path instead of the disk's (a scratch
 * module checked without writing it).
 */
export function findPageReads(files: string[], overlay: Record<string, string> = {}): PageRead[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const source = host.getSourceFile.bind(host);
  const own = (name: string) => overlay[resolve(name)];
  host.readFile = (name) => own(name) ?? read(name);
  host.fileExists = (name) => own(name) !== undefined || exists(name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = own(name);
    return text !== undefined ? ts.createSourceFile(name, text, language) : source(name, language, ...rest);
  };
  const program = ts.createProgram([...files, ...Object.keys(overlay)], options, host);
  const checker = program.getTypeChecker();
  // Declared by the DOM library (a package may add to an interface such as Document: it is still the page's).
  const fromLib = (symbol: ts.Symbol | undefined) => !!symbol?.declarations?.some((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()));
  const isPageType = (type: ts.Type): boolean =>
    type.isUnion() ? type.types.some(isPageType) : PAGE_TYPES.has(type.getSymbol()?.name ?? '') && fromLib(type.getSymbol());
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isTypeAssertionExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node;
  const inType = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if (ts.isTypeNode(n) && !ts.isExpressionWithTypeArguments(n)) return true;
      if (ts.isStatement(n) || ts.isClassElement(n)) return false;
    }
    return false;
  };

  const found: PageRead[] = [];
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(file) || file.fileName.includes('/node_modules/')) continue;
    const path = resolve(file.fileName);
    if (!files.map((f) => resolve(f)).includes(path) && own(path) === undefined) continue;
    const report = (node: ts.Node, rule: PageRead['rule']) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push({ file: relative(resolve('.'), path).split(sep).join('/'), line: line + 1, text: node.getText(file), rule });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && PAGE_GLOBALS.has(node.text) && !inType(node)) {
        const parent = node.parent;
        const isName =
          (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
          (ts.isPropertyAssignment(parent) && parent.name === node) ||
          ((ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === node) ||
          (ts.isBindingElement(parent) && parent.propertyName === node);
        if (!isName && fromLib(checker.getSymbolAtLocation(node))) report(node, 'global');
      }
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        const target = unwrap(node.expression);
        const name = ts.isPropertyAccessExpression(node)
          ? node.name.text
          : ts.isStringLiteralLike(node.argumentExpression)
            ? node.argumentExpression.text
            : undefined;
        const global = ts.isIdentifier(target) && GLOBAL_OBJECTS.has(target.text) && (target.text === 'globalThis' || fromLib(checker.getSymbolAtLocation(target)));
        if (global && name !== undefined && PAGE_GLOBALS.has(name))
          report(node, 'through the global object');
        else if (!inType(node) && isPageType(checker.getTypeAtLocation(node.expression))) report(node, 'property of a page object');
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
