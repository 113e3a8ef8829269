/**
 * Answers the handler already holds as text, and how they become Responses.
 *
 * The handler always answers with a `Response`. Built here from a `PreparedResponse`, that
 * Response remembers what it was built from, so an adapter that writes bytes itself (the
 * Node adapter, `./node.ts`) can send the text in one write instead of reading a body stream:
 *
 * - For a request an adapter marked with `deferResponses` (it reads answers only through
 *   the JS API and `preparedOf`), the Response is a deferred one: `instanceof Response`,
 *   and on first use of any Response property or method it builds the real Response and
 *   acts as it. Until then `preparedOf` gives the adapter the prepared answer, and no body
 *   stream is ever made.
 * - For any other request (edge runtimes, whose native code needs a real Response) it is a
 *   real Response; `knownBody` still gives its text while the body is untouched.
 *
 * Fetch-API only (no `node:` imports). Not part of the public API.
 */

/** A response as status, headers and a string body (shared between requests: read only). */
export interface PreparedResponse {
  readonly status: number;
  /** Lower-case names, in the order `Headers` iterates them (sorted), each name once. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** The body text, or `null` for none. */
  readonly body: string | null;
  /** The UTF-8 of `body`, when the handler keeps it encoded (shared: never written to). */
  readonly bytes?: Uint8Array;
}

/** What a handler reads of a request's headers when it answers without a Request. */
export type HeaderGetter = Pick<Headers, 'get'>;

/**
 * A handler's answers that need no Request, offered to adapters under `ANSWER_NOW`: for a GET
 * or HEAD with this origin and target (path and query exactly as the URL parser serializes
 * them), the prepared answer, or `undefined` when the request must go through the handler.
 * Synchronous: an adapter sends a cached lookup in the same tick the request arrived, with
 * no Request, Response or promise made for it.
 */
export type AnswerNow = (origin: string, target: string, headers: HeaderGetter) => PreparedResponse | undefined;

/** Where a handler keeps its `AnswerNow` (registered: two copies of the module agree). */
export const ANSWER_NOW = Symbol.for('kyi-elements.answerNow');

/** `Content-Type` of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Header pairs as a `Headers` object built from `record` iterates them: lower-case, sorted, repeats joined. */
export function headerList(record: Record<string, string>): Array<readonly [string, string]> {
  const merged = new Map<string, string>();
  for (const name of Object.keys(record)) {
    const lower = name.toLowerCase();
    const prev = merged.get(lower);
    merged.set(lower, prev === undefined ? record[name]! : `${prev}, ${record[name]!}`);
  }
  return [...merged].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** A JSON answer with `content-type`, `nosniff` and any extra headers (what `jsonResponse` sends). */
export function jsonPrepared(body: unknown, status = 200, headers: Record<string, string> = {}): PreparedResponse {
  return {
    status,
    headers: headerList({ 'content-type': JSON_TYPE, 'x-content-type-options': 'nosniff', ...headers }),
    body: JSON.stringify(body),
  };
}

/** The string a `textResponse` was built from (a property: cheaper for the GC than a WeakMap entry). */
const KNOWN_BODY = Symbol('kyi-elements.knownBody');

/** A Response with a string body the Node adapter can send without reading the stream. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init) as Response & { [KNOWN_BODY]?: string };
  response[KNOWN_BODY] = text;
  return response;
}

/** The string a Response was built from by `textResponse`, while its body is untouched. */
export function knownBody(response: Response): string | undefined {
  const text = (response as Response & { [KNOWN_BODY]?: string })[KNOWN_BODY];
  if (text === undefined || response.bodyUsed || response.body?.locked) return undefined;
  return text;
}

function realResponse(prepared: PreparedResponse): Response {
  const init: ResponseInit = { status: prepared.status, headers: prepared.headers as [string, string][] };
  return prepared.body === null ? new Response(null, init) : textResponse(prepared.body, init);
}

/** Marks requests whose adapter takes deferred Responses (see the module comment). */
const DEFERS = Symbol('kyi-elements.defersResponses');

/** Marks `request` as one whose adapter reads its answer only through the JS API and `preparedOf`. */
export function deferResponses(request: Request): void {
  (request as Request & { [DEFERS]?: true })[DEFERS] = true;
}

/**
 * Defines on `target` every member of `source` (a built-in prototype) except `skip`, each
 * acting on `realOf(this)`: how a light object stands in for a built-in one until used.
 * The runtime's own symbol-keyed slots, as on `sample`, are read from the real object too,
 * so the runtime's functions that take such an object (`new Request(request)`, `fetch`,
 * `Response.clone`) find them.
 */
export function delegateMembers(
  target: object,
  source: object,
  sample: object,
  realOf: (self: object) => object,
  skip: ReadonlySet<string> = new Set(),
): void {
  for (const name of Object.getOwnPropertyNames(source)) {
    if (name === 'constructor' || skip.has(name)) continue;
    const own = Object.getOwnPropertyDescriptor(source, name)!;
    const member: PropertyDescriptor = own.get
      ? { get(this: object) { return Reflect.get(source, name, realOf(this)); } }
      : { value(this: object, ...args: unknown[]) { return (realOf(this) as Record<string, (...a: unknown[]) => unknown>)[name]!(...args); } };
    Object.defineProperty(target, name, { ...member, configurable: true });
  }
  for (const slot of Object.getOwnPropertySymbols(sample)) {
    Object.defineProperty(target, slot, { configurable: true, get(this: object) { return (realOf(this) as Record<symbol, unknown>)[slot]; } });
  }
}

/** A prepared answer as a Response that is built for real on first use. */
class DeferredResponse {
  #prepared: PreparedResponse | undefined;
  #real: Response | undefined;

  constructor(prepared: PreparedResponse) {
    this.#prepared = prepared;
  }

  /** The prepared answer while nothing used the Response. */
  static pending(response: object): PreparedResponse | undefined {
    return response instanceof DeferredResponse ? response.#prepared : undefined;
  }

  static {
    Object.setPrototypeOf(DeferredResponse.prototype, Response.prototype);
    delegateMembers(DeferredResponse.prototype, Response.prototype, new Response(), (self) => {
      const deferred = self as DeferredResponse;
      if (!deferred.#real) {
        deferred.#real = realResponse(deferred.#prepared!);
        deferred.#prepared = undefined;
      }
      return deferred.#real;
    });
  }
}

/** The Response of a prepared answer: deferred for a request marked by `deferResponses`, else real. */
export function preparedResponse(prepared: PreparedResponse, request?: Request): Response {
  if ((request as { [DEFERS]?: true } | undefined)?.[DEFERS] !== true) return realResponse(prepared);
  return new DeferredResponse(prepared) as unknown as Response;
}

/** The prepared answer of a deferred Response nobody has used yet (then it is sent as is). */
export function preparedOf(response: Response): PreparedResponse | undefined {
  return DeferredResponse.pending(response);
}
