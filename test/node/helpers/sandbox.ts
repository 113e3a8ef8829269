/** Shared helpers of the sandbox node tests: a sandbox per suite and small HTTP wrappers. */
import { after, before } from 'node:test';
import './openapi-check.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index.js';

/** Starts a sandbox before the suite and closes it after; `reset()` it in `beforeEach` where state matters. */
export function useSandbox(opts: SandboxOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  before(async () => {
    sandbox = await startSandbox({ port: 0, ...opts });
  });
  after(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox;
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  json(): any;
}

export async function request(url: string, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(url, init);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: res.status, headers: res.headers, text, bytes, json: () => JSON.parse(text) };
}

/** GET on the Public API with the raw key (or `key: null` for none, or any header value). */
export function publicGet(sb: Sandbox, path: string, key: string | null = sb.info.credentials.publicApiKey): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = key;
  return request(sb.info.publicApiUrl + path, { headers });
}
