/**
 * The checks of option values that `createKyiHandler` (resolve-options.ts) and
 * `kyiOptionsFromEnv` (env.ts) share: base URLs, keys and secrets, origins. A mistake fails at
 * once with a message that says what to change, naming the option (or, through env.ts, the
 * environment variable), never its secret value.
 *
 * Fetch-API only (no `node:` imports).
 */
import { EXPLORER_LIVE_KEY_PREFIX } from '../contract/index.js';
import { KyiConfigError } from './errors.js';

/** Throws `createKyiHandler`'s configuration error, naming the option in `message`. */
export function fail(message: string): never {
  throw new KyiConfigError(`createKyiHandler: ${message}`);
}

/**
 * How a value check throws: `createKyiHandler`'s error naming the option, or (for the same
 * check run by `kyiOptionsFromEnv`) its own error naming the environment variable.
 */
export type Fail = (message: string) => never;
const handlerFail: Fail = fail;

/** A base URL option (`publicApi.baseUrl`, `explorer.baseUrl`), as `origin + path` without a trailing slash. */
export function baseUrl(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value !== 'string' || value.trim() === '') fail(`${option} is required (the service's base URL, e.g. https://api.example.com)`);
  let url: URL;
  try {
    url = new URL(value as string);
  } catch {
    return fail(`${option} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`${option} must use http or https`);
  if (url.username || url.password) fail(`${option} must not contain credentials; pass the key as apiKey`);
  if (url.search || url.hash) fail(`${option} must not contain a query or fragment`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** A key or secret: printable, no surrounding whitespace. Its value is never named. */
export function secret(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value !== 'string' || value.length === 0) return fail(`${option} is required`);
  if (value !== value.trim()) fail(`${option} has leading or trailing whitespace`);
  if (!/^[\x21-\x7e]+$/.test(value)) fail(`${option} must be printable ASCII without spaces`);
  return value;
}

/** An origin (`publicOrigin`, an `allowedOrigins` entry), named by `what`: scheme, host and port only. */
export function origin(entry: string, what: string, fail: Fail = handlerFail): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  // "localhost:3000" parses as a URL of scheme "localhost:", with no origin
  if (!url || url.origin === 'null')
    return fail(`${what} "${entry}" is not an origin: write the scheme, host and port, such as "https://app.example.com" or "http://localhost:3000"`);
  if (url.origin !== entry.replace(/\/$/, '')) fail(`${what} "${entry}" must be a bare origin (scheme, host and port only): "${url.origin}"`);
  return url.origin;
}

/** The Public API key: the raw key, no `Bearer ` prefix. */
export function publicApiKey(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value === 'string' && /^bearer\s/i.test(value)) fail(`${option} must be the raw key: remove the "Bearer " prefix (the Public API rejects it)`);
  return secret(value, option, fail);
}

/** An Explorer key: a live key (`bx_live_…`) alone, no `Bearer ` prefix. */
export function explorerKey(value: unknown, option: string, fail: Fail = handlerFail): string {
  if (typeof value === 'string' && /^bearer\s/i.test(value)) fail(`${option} must be the key alone: remove the "Bearer " prefix (the handler adds it)`);
  const key = secret(value, option, fail);
  if (!key.startsWith(EXPLORER_LIVE_KEY_PREFIX)) fail(`${option} must be a live key starting with "${EXPLORER_LIVE_KEY_PREFIX}"`);
  if (key.length === EXPLORER_LIVE_KEY_PREFIX.length) fail(`${option} has nothing after "${EXPLORER_LIVE_KEY_PREFIX}"`);
  return key;
}
