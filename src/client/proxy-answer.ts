/**
 * The body of an answer of the server piece, read in one place for the lookup, token and
 * monitoring clients: its JSON (`undefined` when none or not JSON), or the answer's error.
 *
 * An answer at the proxy URL that is not the server piece's — a success, 404 or 405 without
 * JSON (a catch-all route answering every path with the page, a static host's 404 or 405 page) —
 * is the site's configuration, never the service's: the code is `not_configured` (the visitor
 * reads "not configured on this site"), and the console says once per address and answer what
 * came back and what to change. Other bare statuses keep their meaning (`codeForStatus`: a load
 * balancer's 413 or 502, a bare 401 of the site's session), and a 204 has no body to judge.
 */
import { KyiRequestError, problemFromAnswer, type StatusCodes } from './errors.js';
import { isObject } from '../contract/queries.js';

const told = new Set<string>();

/** The JSON body of `response` (the answer of `url`); rejects with its `KyiRequestError` when it is not a success of the server piece. */
export async function answerBody(url: string, response: Response, route?: StatusCodes): Promise<unknown> {
  const { status, headers } = response;
  const type = headers.get('content-type') ?? '';
  if (!/json/i.test(type) && (status < 300 || status == 404 || status == 405) && status != 204) {
    const message = `${response.url || url} answered ${status} ${type.split(';')[0] || 'untyped'}, not the server piece`;
    if (!told.has(message)) {
      told.add(message);
      console.error(`kyi-elements: ${message}; mount it at kyi:proxy-url (default /api/kyi) before your page's routes`);
    }
    throw new KyiRequestError('not_configured', message, status);
  }
  // Every object of an answer is made with no prototype as it is parsed: a field the service did
  // not send is `undefined`, never what a script left on `Object.prototype` (a polluted `asset`
  // naming a verified token, a change's `before` and `after`, an error's `code`).
  const body = await response
    .text()
    .then((text) => JSON.parse(text, (_, value) => (isObject(value) ? { __proto__: null, ...value } : value)))
    .catch(() => undefined);
  if (response.ok) return body;
  throw problemFromAnswer(status, body, headers, route);
}
