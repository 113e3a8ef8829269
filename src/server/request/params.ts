/**
 * Validation at the edge, before any upstream call: path traversal, encoded slashes, CRLF,
 * NUL, oversize and non-ASCII tricks get 400 `invalid_parameter` naming the parameter (the
 * value itself is never echoed). The contract's checks (chain names, CAIP parts, addresses,
 * query rules) run after these generic ones.
 *
 * Fetch-API only (no `node:` imports).
 */
import {
  isAddress,
  isChainName,
  isUuid,
  parseCaip10,
  CaipError,
  type QueryResult,
} from '../../contract/index.js';
import { KyiHttpError, invalidParameter } from '../errors.js';

/** Longest accepted query string, in characters. */
export const MAX_QUERY_LENGTH = 2048;
/** Default longest parameter value. */
export const MAX_VALUE_LENGTH = 256;

export interface ValueRules {
  /** Longest value (default 256). */
  maxLength?: number;
  /** `/` is part of the value's syntax (a CAIP-19 id). */
  allowSlash?: boolean;
  /** Spaces may occur (free text). */
  allowSpace?: boolean;
}

/**
 * Generic hostile-input check of one decoded parameter value. Values are decoded exactly
 * once, so a `%` left in one means double encoding and is refused as well.
 */
export function checkValue(name: string, value: string, rules: ValueRules = {}): string {
  const max = rules.maxLength ?? MAX_VALUE_LENGTH;
  if (value.length === 0) throw invalidParameter(name, 'must not be empty');
  if (value.length > max) throw invalidParameter(name, `must be at most ${max} characters`);
  if (/[\x00-\x1f\x7f]/.test(value)) throw invalidParameter(name, 'must not contain control characters (CR, LF, NUL, …)');
  if (/[^\x20-\x7e]/.test(value)) throw invalidParameter(name, 'must be plain ASCII');
  if (!rules.allowSpace && value.includes(' ')) throw invalidParameter(name, 'must not contain spaces');
  if (value.includes('%')) throw invalidParameter(name, 'must not contain percent-encoding');
  if (value.includes('\\')) throw invalidParameter(name, 'must not contain backslashes');
  if (!rules.allowSlash && value.includes('/')) throw invalidParameter(name, 'must not contain slashes');
  if (value.includes('..') || /(?:^|\/)\.(?:\/|$)/.test(value)) throw invalidParameter(name, 'must not contain dot segments');
  return value;
}

/**
 * Decodes and checks one raw path segment that a route holds as a parameter.
 * Encoded slashes, backslashes and NUL are named before decoding so the message says why.
 */
export function decodeSegment(name: string, raw: string, rules: ValueRules = {}): string {
  if (raw.length > (rules.maxLength ?? MAX_VALUE_LENGTH) * 3) throw invalidParameter(name, `must be at most ${rules.maxLength ?? MAX_VALUE_LENGTH} characters`);
  if (/%2f|%5c/i.test(raw)) throw invalidParameter(name, 'must not contain encoded slashes');
  if (/%00/.test(raw)) throw invalidParameter(name, 'must not contain control characters (CR, LF, NUL, …)');
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw invalidParameter(name, 'is not valid percent-encoded UTF-8');
  }
  return checkValue(name, decoded, rules);
}

/**
 * Reads the query string: size, names, duplicates and the generic value checks.
 * Parameters outside `allowed` are refused (the proxy never widens a request silently).
 */
export function readQuery(url: URL, allowed: readonly string[], rules: Record<string, ValueRules> = {}): URLSearchParams {
  const search = url.search.replace(/^\?/, '');
  if (search.length > MAX_QUERY_LENGTH) throw invalidParameter('query', `must be at most ${MAX_QUERY_LENGTH} characters`);
  if (/%00|%0d|%0a/i.test(search)) {
    const name = firstOffendingName(search, /%00|%0d|%0a/i);
    throw invalidParameter(name, 'must not contain control characters (CR, LF, NUL, …)');
  }
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  for (const [name, value] of params) {
    if (!/^[A-Za-z0-9_]{1,32}$/.test(name)) throw invalidParameter('query', 'has a parameter name that is not a plain identifier');
    if (!allowed.includes(name)) {
      throw invalidParameter(name, allowed.length ? `unknown parameter; allowed: ${allowed.join(', ')}` : 'this route takes no query parameters');
    }
    if (seen.has(name) && name !== 'item') throw invalidParameter(name, 'must be given once');
    seen.add(name);
    checkValue(name, value, rules[name]);
  }
  return params;
}

function firstOffendingName(search: string, pattern: RegExp): string {
  for (const pair of search.split('&')) {
    if (pattern.test(pair)) {
      const name = pair.split('=')[0] ?? '';
      return /^[A-Za-z0-9_]{1,32}$/.test(name) ? name : 'query';
    }
  }
  return 'query';
}

/** Turns a contract query result into the value or a 400 naming the parameter. */
export function unwrapQuery<T>(result: QueryResult<T>): T {
  if (result.ok) return result.value;
  throw new KyiHttpError(400, result.code, `Invalid parameter "${result.param}": ${result.message}`);
}

// ------------------------------------------------------------ Public API identifiers

/** A chain name for `/assets/{chain}/{address}` (contract pattern, after the generic checks). */
export function checkChain(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  checkValue(name, value, { maxLength: 32 });
  if (!isChainName(value)) throw invalidParameter(name, 'must be a chain name such as solana or ethereum (a-z, 0-9, "-")');
  return value;
}

/** A token / account address (contract pattern, after the generic checks). */
export function checkAddress(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  checkValue(name, value, { maxLength: 128 });
  if (!isAddress(value)) throw invalidParameter(name, 'must be an address of 1–128 characters of A-Z, a-z, 0-9, "-", "_" or "."');
  return value;
}

/** A UUID path or body value. */
export function checkUuid(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidParameter(name, 'must be a string');
  checkValue(name, value, { maxLength: 36 });
  if (!isUuid(value)) throw invalidParameter(name, 'must be a UUID');
  return value;
}

/** The three parts of a CAIP-10 account id (`namespace`, `reference`, address). */
export function checkCaip10Parts(
  namespace: string,
  reference: string,
  address: string,
  names: [string, string, string] = ['namespace', 'reference', 'address'],
): { namespace: string; reference: string; address: string } {
  checkValue(names[0], namespace, { maxLength: 8 });
  checkValue(names[1], reference, { maxLength: 32 });
  checkAddress(names[2], address);
  try {
    parseCaip10(`${namespace}:${reference}:${address}`);
  } catch (error) {
    const message = error instanceof CaipError ? error.message : 'invalid CAIP-10 account id';
    const which = /namespace/.test(message) ? names[0] : /reference/.test(message) ? names[1] : names[2];
    throw invalidParameter(which, message.replace(/^CAIP-10 account id: /, ''));
  }
  return { namespace, reference, address };
}
