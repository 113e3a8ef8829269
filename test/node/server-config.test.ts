/** createKyiHandler: configuration mistakes fail at creation with a clear message. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createKyiHandler, KyiConfigError, type KyiHandlerOptions } from '../../src/server/index.js';

const PUBLIC_KEY = 'kyi_public_key_0123456789abcdef';
const EXPLORER_KEY = 'bx_live_' + 'A'.repeat(43);
const SECRET = 'partner-secret-0123456789abcdef';

const base = (): KyiHandlerOptions => ({
  publicApi: { baseUrl: 'https://api.example.com', apiKey: PUBLIC_KEY },
  explorer: { baseUrl: 'https://explorer.example.com', apiKey: EXPLORER_KEY },
  widget: { partnerId: 'partner-1', secretKey: SECRET },
  getUserId: () => 'u1',
  authorize: () => true,
  publicOrigin: 'https://app.example.com',
});

function rejects(mutate: (o: KyiHandlerOptions) => void, pattern: RegExp) {
  const options = base();
  mutate(options);
  assert.throws(
    () => createKyiHandler(options),
    (error: unknown) => {
      assert.ok(error instanceof KyiConfigError, 'a KyiConfigError');
      assert.match(error.message, pattern);
      for (const secret of [PUBLIC_KEY, EXPLORER_KEY, SECRET]) assert.ok(!error.message.includes(secret), 'message holds no secret');
      return true;
    },
  );
}

describe('createKyiHandler configuration', () => {
  it('accepts a complete configuration and exposes prefix, capabilities and the node adapter', () => {
    const handler = createKyiHandler(base());
    assert.equal(handler.prefix, '/api/kyi');
    assert.deepEqual(handler.capabilities, { explorer: true, explorerWrites: false, widget: true });
    assert.equal(typeof handler.node, 'function');
  });

  it('accepts the Public API alone (explorer and widget are optional)', () => {
    const handler = createKyiHandler({ publicApi: base().publicApi });
    assert.deepEqual(handler.capabilities, { explorer: false, explorerWrites: false, widget: false });
  });

  it('rejects a Public API key with a "Bearer " prefix', () => {
    rejects((o) => (o.publicApi.apiKey = `Bearer ${PUBLIC_KEY}`), /publicApi\.apiKey.*raw key.*Bearer/);
  });
  it('rejects a missing Public API key', () => rejects((o) => (o.publicApi.apiKey = ''), /publicApi\.apiKey is required/));
  it('rejects a missing publicApi', () => rejects((o) => delete (o as Partial<KyiHandlerOptions>).publicApi, /publicApi/));
  it('rejects a missing Public API base URL', () => rejects((o) => (o.publicApi.baseUrl = ''), /publicApi\.baseUrl is required/));
  it('rejects a relative base URL', () => rejects((o) => (o.publicApi.baseUrl = '/assets'), /publicApi\.baseUrl must be an absolute/));
  it('rejects a base URL with credentials', () =>
    rejects((o) => (o.publicApi.baseUrl = 'https://user:pw@api.example.com'), /must not contain credentials/));
  it('rejects a non-http base URL', () => rejects((o) => (o.publicApi.baseUrl = 'ftp://api.example.com'), /http or https/));
  it('rejects a key with whitespace', () => rejects((o) => (o.publicApi.apiKey = ` ${PUBLIC_KEY}`), /whitespace/));

  it('rejects an Explorer key without its live prefix', () => {
    rejects((o) => (o.explorer!.apiKey = 'sk_test_' + 'A'.repeat(43)), /explorer\.apiKey must be a live key starting with "bx_live_"/);
  });
  it('rejects an Explorer key given with "Bearer "', () => {
    rejects((o) => (o.explorer!.apiKey = `Bearer ${EXPLORER_KEY}`), /explorer\.apiKey.*Bearer/);
  });
  it('rejects a missing Explorer base URL', () => rejects((o) => (o.explorer!.baseUrl = ''), /explorer\.baseUrl is required/));
  it('rejects a non-boolean explorer.writes', () =>
    rejects((o) => ((o.explorer as { writes?: unknown }).writes = 'yes'), /explorer\.writes must be true or false/));

  it('rejects a widget without getUserId', () => rejects((o) => delete o.getUserId, /getUserId\(request\) is required with widget/));
  it('rejects a widget without a secret key', () => rejects((o) => (o.widget!.secretKey = ''), /widget\.secretKey is required/));
  it('rejects a widget without a partner id', () => rejects((o) => (o.widget!.partnerId = ''), /widget\.partnerId is required/));
  it('rejects a token lifetime over one hour', () => rejects((o) => (o.widget!.expiresIn = 7200), /widget\.expiresIn.*1 to 3600/));

  it('rejects allowedOrigins that are not bare origins', () => {
    rejects((o) => (o.allowedOrigins = ['https://app.example.com/path']), /allowedOrigins entry .* bare origin/);
    rejects((o) => (o.allowedOrigins = ['app.example.com']), /allowedOrigins entry/);
  });
  it('rejects out-of-range numbers', () => {
    rejects((o) => (o.timeoutMs = 0), /timeoutMs must be/);
    rejects((o) => (o.retries = -1), /retries must be/);
    rejects((o) => (o.cache = { maxEntries: 1.5 }), /cache\.maxEntries must be a whole number/);
    rejects((o) => (o.lookupConcurrency = 0), /lookupConcurrency/);
    rejects((o) => (o.retries = 5), /retries must be a whole number from 0 to 4/);
    rejects((o) => (o.maxInFlight = 0), /maxInFlight must be/);
    rejects((o) => (o.clientBudget = { limit: 0 }), /clientBudget\.limit must be/);
  });
  it('refuses Explorer without authorize, saying why', () => {
    rejects((o) => delete o.authorize, /authorize\(request, route\) is required with explorer: the watchlist, its private notes/);
    assert.ok(createKyiHandler({ ...base(), explorer: undefined, authorize: undefined }), 'without explorer it is not needed');
  });
  it('refuses the token route and writes without a configured origin (never the Host header)', () => {
    rejects((o) => delete o.publicOrigin, /publicOrigin .* or allowedOrigins is required with widget or explorer\.writes/);
    rejects((o) => {
      delete o.publicOrigin;
      o.widget = undefined;
      o.explorer = { ...o.explorer!, writes: true };
    }, /publicOrigin/);
    rejects((o) => (o.publicOrigin = 'https://app.example.com/shop'), /bare origin/);
    assert.ok(createKyiHandler({ ...base(), publicOrigin: undefined, allowedOrigins: ['https://app.example.com'] }));
  });
  it('a KyiConfigError is a KyiError with a stable code', async () => {
    const { KyiError, KyiConfigError } = await import('../../src/server/index.js');
    const options = base();
    delete options.authorize;
    try {
      createKyiHandler(options);
      assert.fail('should throw');
    } catch (error) {
      assert.ok(error instanceof KyiConfigError && error instanceof KyiError);
      assert.equal(error.code, 'invalid_configuration');
    }
  });
  it('rejects a prefix with dot segments', () => rejects((o) => (o.prefix = '/api/../kyi'), /prefix must be a path/));
  it('normalizes the prefix', () => {
    assert.equal(createKyiHandler({ ...base(), prefix: 'kyi/' }).prefix, '/kyi');
    assert.equal(createKyiHandler({ ...base(), prefix: '/' }).prefix, '');
  });
});
