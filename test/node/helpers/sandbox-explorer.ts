/**
 * Helpers of the Explorer sandbox tests: a sandbox per suite on a fixed clock (the Explorer's
 * own clock is advanced through its state), calls with a key, and contract checks.
 */
import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import { checkContract, explorerErrorSchema, type ExplorerErrorCode, EXPLORER_ERRORS } from '../../../src/contract/index.js';
import { EXPLORER_KEYS, type ExplorerState } from '../../../src/sandbox/explorer/index.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { request, useSandbox, type Reply } from './sandbox.js';

export { EXPLORER_KEYS as KEYS };
export const START = Date.parse('2025-06-01T12:00:00.000Z');
export const MINUTE = 60_000;
export const DAY = 86_400_000;
/** A UUID that is not in the registry. */
export const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

export interface ExplorerTestKit {
  sandbox(): Sandbox;
  state(): ExplorerState;
  /** Explorer clock now (ms). */
  now(): number;
  /** `GET {explorer_url}{path}` with `Authorization: Bearer <key>` (`null`: no header). */
  get(path: string, key?: string | null): Promise<Reply>;
  /** Any method, with a JSON body (a string body is sent as is) and raw `Authorization` override. */
  send(method: string, path: string, opts?: { body?: unknown; key?: string | null; authorization?: string }): Promise<Reply>;
}

/** One sandbox per test file on a fixed clock, reset before every test. */
export function useExplorer(): ExplorerTestKit {
  const sandbox = useSandbox({ now: () => START });
  beforeEach(() => sandbox().reset());
  const send: ExplorerTestKit['send'] = (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    const key = opts.key === undefined ? EXPLORER_KEYS.full : opts.key;
    if (opts.authorization !== undefined) headers.authorization = opts.authorization;
    else if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    return request(sandbox().info.explorerUrl + path, { method, headers, body });
  };
  return {
    sandbox,
    state: () => sandbox().state.explorer,
    now: () => sandbox().state.explorer.now(),
    get: (path, key) => send('GET', path, { key }),
    send,
  };
}

/** Asserts a body against a contract schema; the failure names the field. */
export function assertContract(schema: Parameters<typeof checkContract>[0], body: unknown): void {
  const r = checkContract(schema, body);
  assert.ok(r.ok, r.ok ? '' : r.message);
}

/** Asserts an Explorer error: status, `{ code, message }` parsing with the contract's error schema. */
export function assertError(res: Reply, status: number, code: ExplorerErrorCode): void {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status} ${res.text}`);
  assert.equal(EXPLORER_ERRORS[code], status);
  const body = res.json();
  assertContract(explorerErrorSchema, body);
  assert.equal(body.code, code);
  assert.equal(typeof body.message, 'string');
  assert.ok(body.message.length > 0);
}

/** Asserts a 2xx status and returns the parsed body. */
export function ok(res: Reply, status = 200): any {
  assert.equal(res.status, status, `expected ${status}, got ${res.status} ${res.text}`);
  return res.json();
}
