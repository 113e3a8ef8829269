/**
 * The Node entry's upstream client as it was before undici: attempts over `node:http` /
 * `node:https` keep-alive agents. Kept for the proxy benchmark only (bench/proxy-load.ts runs
 * a proxy on it beside the current one, so the two clients are compared in one run); the
 * server piece itself no longer uses it. Same `SendAttempt` contract as
 * src/server/node/pooled-client.ts.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { rateLimited, type SendAttempt, type UpstreamHeaders, type UpstreamOutcome, type UpstreamPolicy, type UpstreamRequest } from '../src/server/upstream/call.js';
import { TimeoutReason } from '../src/server/upstream/call.js';
import { attemptOf, decode, TooLarge, USER_AGENT } from '../src/server/node/pooled-client.js';

/** Idle pooled connections close after this (ms): below Node's default server keep-alive (5 s). */
const IDLE_MS = 4000;

/** One pool per protocol for the whole process; every key's gate bounds what it sends at once. */
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' }),
};

/** Node's lower-cased header record read like `Headers`. */
function headerReader(res: IncomingMessage): UpstreamHeaders {
  const headers = res.headers;
  return {
    get(name: string) {
      const v = headers[name.toLowerCase()];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

/** Reads `res` to its end under `limit` bytes. */
function readBody(res: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return void res.destroy(new TooLarge());
      chunks.push(chunk);
    });
    res.once('end', () => {
      try {
        resolve(decode(chunks, size, res.headers['content-encoding'], limit));
      } catch (error) {
        reject(error);
      }
    });
    res.once('error', reject);
    res.once('aborted', () => reject(new Error('the upstream closed the connection mid-body')));
  });
}

/** The outcome of a response whose headers arrived. */
async function answer(res: IncomingMessage, policy: UpstreamPolicy): Promise<UpstreamOutcome> {
  const status = res.statusCode ?? 0;
  if (status === 429) {
    res.resume(); // drained, so the connection can serve the next attempt
    return rateLimited(headerReader(res).get('retry-after'), policy);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > policy.maxBodyBytes) {
    res.destroy();
    return { kind: 'too-large' };
  }
  const text = await readBody(res, policy.maxBodyBytes);
  return { kind: 'response', status, headers: headerReader(res), text };
}

/** Sends one attempt; rejects with the request's error, or with the timeout / abort reason that ended it. */
function exchange(request: UpstreamRequest, policy: UpstreamPolicy): Promise<UpstreamOutcome> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') return reject(new Error(`unsupported protocol ${url.protocol}`));
    // fetch would send `user-agent: node`; some gateways refuse requests without one
    const headers: Record<string, string | number> = { 'user-agent': USER_AGENT, ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const options: RequestOptions = {
      agent: agents[secure ? 'https:' : 'http:'],
      method: request.method,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: url.pathname + url.search,
      headers,
    };
    // what ended the attempt, when the timeout or the caller did (the errors that follow say less)
    let reason: unknown;
    const fail = (error: unknown) => reject(reason ?? error);
    const req = (secure ? httpsRequest : httpRequest)(options, (res) => answer(res, policy).then(resolve, fail));
    req.once('error', fail);
    const stop = (why: unknown) => {
      reason ??= why;
      req.destroy(); // the response, if it started, ends with it
      fail(why);
    };
    const timer = setTimeout(() => stop(new TimeoutReason()), policy.timeoutMs);
    const onAbort = () => stop(request.signal!.reason);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    });
    req.end(request.body);
  });
}

/** One upstream attempt over the node:http agents (the outcome mapping is the Node entry's). */
export const sendNodeHttp: SendAttempt = attemptOf(exchange);

