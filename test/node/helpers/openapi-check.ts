/**
 * Every response the node tests get from the sandbox or from a mounted server piece is
 * checked against the committed OpenAPI documents (`openapi/service.json`,
 * `openapi/proxy.json`): status declared, media type declared, JSON body valid against the
 * declared schema. Importing this module wraps `globalThis.fetch` (so the server piece's own
 * upstream calls are checked too) and adds an `afterEach` hook that fails the test during
 * which a mismatch was seen.
 *
 * - Sandbox answers are recognised by their `x-kyi-sandbox` header; bodies the sandbox cut on
 *   purpose (`x-kyi-sandbox-fault: malformed`) are skipped, and so are paths the document
 *   does not describe (control routes, widget pages, unknown paths).
 * - A server piece is checked once `checkProxyAt(origin, prefix)` names it (`mount()` does).
 * Schemas are compiled once per response (Ajv, JSON Schema 2020-12), so a check costs one
 * JSON parse and one validation.
 */
import { readFileSync } from 'node:fs';
import { afterEach } from 'node:test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: unknown;
}
interface ResponseSpec {
  content?: Record<string, MediaType>;
}
interface OperationSpec {
  responses: Record<string, ResponseSpec>;
}
type PathItem = Record<string, OperationSpec>;

const ajv = new Ajv2020({ strict: false, allErrors: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

/** One OpenAPI document, with its path templates as regular expressions. */
class ApiDocument {
  readonly #name: string;
  readonly #paths: Array<{ template: string; pattern: RegExp; item: PathItem }>;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(file: string) {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, PathItem>; components: unknown };
    this.#name = file;
    ajv.addSchema({ $id: file, components: doc.components });
    this.#paths = Object.entries(doc.paths).map(([template, item]) => ({
      template,
      item,
      pattern: new RegExp('^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+') + '$'),
    }));
  }

  /** Whether `path` is one of the document's routes. */
  describes(path: string): boolean {
    return this.#paths.some((p) => p.pattern.test(path));
  }

  /** What is wrong with this answer, or null. */
  check(method: string, path: string, status: number, contentType: string, body: string): string | null {
    const found = this.#paths.find((p) => p.pattern.test(path));
    if (!found) return null;
    const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
    const op = found.item[verb];
    const where = `${method} ${path} → ${status} (${this.#name} ${found.template})`;
    // another method on a described path: "not found" or "method not allowed" are the right answers
    if (!op) return status === 404 || status === 405 ? null : `${where}: method not in the document`;
    const key = String(status) in op.responses ? String(status) : `${String(status)[0]}XX` in op.responses ? `${String(status)[0]}XX` : 'default';
    const spec = op.responses[key];
    if (!spec) return `${where}: status not in the document`;
    if (method === 'HEAD' || status === 304) return null;
    if (!spec.content) return body === '' ? null : `${where}: a body where the document declares none`;
    const media = contentType.split(';')[0]!.trim().toLowerCase();
    const declared = spec.content[media];
    if (!declared) return `${where}: content type "${media}" not in the document (${Object.keys(spec.content).join(', ')})`;
    if (media !== 'application/json' || declared.schema === undefined) return null;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return `${where}: body is not JSON`;
    }
    const id = `${found.template} ${verb} ${key}`;
    let validate = this.#validators.get(id);
    if (!validate) {
      const schema = JSON.parse(JSON.stringify(declared.schema).replaceAll('"#/components/', `"${this.#name}#/components/`));
      validate = ajv.compile(schema);
      this.#validators.set(id, validate);
    }
    if (validate(json)) return null;
    const e = validate.errors?.[0];
    return `${where}: body does not match: ${e?.instancePath || '(root)'} ${e?.message ?? ''}`;
  }
}

const root = new URL('../../../', import.meta.url);
const service = new ApiDocument(new URL('openapi/service.json', root).pathname);
const proxy = new ApiDocument(new URL('openapi/proxy.json', root).pathname);

/** Server pieces under test: origin → prefix. */
const proxies = new Map<string, string>();
const pending: Array<Promise<void>> = [];
const problems: string[] = [];

/**
 * Checks the answers of the server piece at `origin` (mounted at `prefix`) from now on;
 * the returned function stops it (call it when the server closes: its port may be reused).
 */
export function checkProxyAt(origin: string, prefix: string): () => void {
  proxies.set(origin, prefix);
  return () => void proxies.delete(origin);
}

/** The document and path an answer is checked against, or null. */
function documentFor(url: URL, response: Response): { doc: ApiDocument; path: string } | null {
  const prefix = proxies.get(url.origin);
  if (prefix !== undefined && (url.pathname === prefix || url.pathname.startsWith(prefix + '/')))
    return { doc: proxy, path: url.pathname.slice(prefix.length) || '/' };
  if (!response.headers.has('x-kyi-sandbox') || response.headers.get('x-kyi-sandbox-fault') === 'malformed') return null;
  return service.describes(url.pathname) ? { doc: service, path: url.pathname } : null;
}

/** Checks one answer (a clone: the caller reads the original). */
export function checkResponse(method: string, url: URL, response: Response): void {
  const target = documentFor(url, response);
  if (!target || response.headers.get('content-type')?.startsWith('text/event-stream')) return;
  const copy = response.clone();
  const done = copy.text().then(
    (body) => {
      const problem = target.doc.check(method, target.path, response.status, response.headers.get('content-type') ?? '', body);
      if (problem) problems.push(problem);
    },
    () => {}, // the test aborted the body: nothing to check
  );
  pending.push(done);
}

/** The parts of a Playwright page this helper needs (no import of playwright here). */
interface PageLike {
  on(event: 'response', listener: (response: PageResponse) => void): unknown;
}
interface PageResponse {
  url(): string;
  status(): number;
  headers(): Record<string, string>;
  body(): Promise<Buffer>;
  request(): { method(): string };
}

/**
 * Checks every answer a browser page (Playwright) gets from the server piece at `origin` +
 * `prefix`, and every sandbox answer it gets; returns the function that stops the proxy check.
 */
export function checkPageAnswers(page: PageLike, origin: string, prefix: string): () => void {
  const stop = checkProxyAt(origin, prefix);
  page.on('response', (answer) => {
    const status = answer.status();
    if (status < 200) return;
    const noBody = status === 204 || status === 304;
    const read = noBody ? Promise.resolve(null) : answer.body();
    // Playwright joins a repeated header's values with newlines (Vary, Set-Cookie): one entry each
    const headers = Object.entries(answer.headers()).flatMap(([name, values]) => values.split('\n').map((v): [string, string] => [name, v]));
    pending.push(
      read.then(
        (body) => checkResponse(answer.request().method(), new URL(answer.url()), new Response(body && new Uint8Array(body), { status, headers })),
        () => {}, // the page went away before the body arrived: nothing to check
      ),
    );
  });
  return stop;
}

/** Mismatches seen since the last call (waits for bodies still being read). */
export async function takeProblems(): Promise<string[]> {
  await Promise.all(pending.splice(0));
  return problems.splice(0);
}

const CHECKED = Symbol.for('kyi-elements.openapi-checked-fetch');
const current = globalThis.fetch as typeof fetch & { [CHECKED]?: true };
if (!current[CHECKED]) {
  const checked = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await current(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    checkResponse(method, url, response);
    return response;
  };
  globalThis.fetch = Object.assign(checked, { [CHECKED]: true as const });
  afterEach(async () => {
    const found = await takeProblems();
    if (found.length) throw new Error(`Answers that do not match the OpenAPI documents:\n${found.join('\n')}`);
  });
}
