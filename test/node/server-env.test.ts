/** `kyiOptionsFromEnv` (kyi-elements/server): the package's one environment-variable scheme. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KyiConfigError, kyiOptionsFromEnv } from 'kyi-elements/server';

const ENV = {
  KYI_PUBLIC_ORIGIN: 'https://partner.example',
  KYI_PUBLIC_API_URL: 'https://api.example/v1',
  KYI_PUBLIC_API_KEY: 'pk',
  KYI_PARTNER_ID: 'partner-1',
  KYI_PARTNER_SECRET: 'secret',
};

describe('kyiOptionsFromEnv', () => {
  it('reads the variables into the handler options; the Explorer routes only with a key, writes only when asked', () => {
    assert.deepEqual(kyiOptionsFromEnv(ENV), {
      publicOrigin: 'https://partner.example',
      publicApi: { baseUrl: 'https://api.example/v1', apiKey: 'pk' },
      explorer: undefined,
      widget: { partnerId: 'partner-1', secretKey: 'secret' },
    });
    const explorer = { KYI_EXPLORER_URL: 'https://explorer.example', KYI_EXPLORER_KEY: 'bx_live_1' };
    assert.deepEqual(kyiOptionsFromEnv({ ...ENV, ...explorer }).explorer, { baseUrl: 'https://explorer.example', apiKey: 'bx_live_1', writes: false });
    assert.equal(kyiOptionsFromEnv({ ...ENV, ...explorer, KYI_EXPLORER_WRITES: 'true' }).explorer?.writes, true);
  });

  it("a missing variable is the partner's configuration mistake: KyiConfigError naming it and the docs' Server page (the README's docs address)", () => {
    const docs = /\*\*Documentation: (https:\/\/\S+\/)\*\*/.exec(readFileSync('README.md', 'utf8'))?.[1];
    assert.ok(docs, "the README names the docs site's address");
    for (const name of [...Object.keys(ENV), 'KYI_EXPLORER_URL']) {
      const env: Record<string, string | undefined> = { ...ENV, KYI_EXPLORER_KEY: 'bx_live_1', KYI_EXPLORER_URL: 'https://explorer.example', [name]: '' };
      assert.throws(() => kyiOptionsFromEnv(env), (e: unknown) => e instanceof KyiConfigError && e.message.includes(name) && /server's environment/.test(e.message) && e.message.includes(`${docs}server.html#environment-variables`), name);
    }
  });

  it('a malformed value is named by its variable, not by the option it fills (the value too, unless it is a key)', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ KYI_PUBLIC_ORIGIN: 'localhost:3000' }, /KYI_PUBLIC_ORIGIN "localhost:3000" is not an origin.*http:\/\/localhost:3000/],
      [{ KYI_PUBLIC_ORIGIN: 'https://partner.example/shop' }, /KYI_PUBLIC_ORIGIN "https:\/\/partner.example\/shop" must be a bare origin/],
      [{ KYI_PUBLIC_API_URL: 'api.example' }, /KYI_PUBLIC_API_URL must be an absolute http\(s\) URL/],
      [{ KYI_PUBLIC_API_KEY: 'Bearer pk' }, /KYI_PUBLIC_API_KEY must be the raw key/],
      [{ KYI_PARTNER_SECRET: ' secret' }, /KYI_PARTNER_SECRET has leading or trailing whitespace/],
      [{ KYI_EXPLORER_KEY: 'bx_test_1', KYI_EXPLORER_URL: 'https://explorer.example' }, /KYI_EXPLORER_KEY must be a live key/],
      [{ KYI_EXPLORER_WRITES: 'yes' }, /KYI_EXPLORER_WRITES must be "true" or "false"/],
    ];
    for (const [change, message] of cases) {
      assert.throws(
        () => kyiOptionsFromEnv({ ...ENV, ...change }),
        (e: unknown) => e instanceof KyiConfigError && message.test(e.message) && !/allowedOrigins|publicOrigin|publicApi|explorer\.|widget\./.test(e.message),
        JSON.stringify(change),
      );
    }
    // no key or secret is ever echoed
    assert.throws(() => kyiOptionsFromEnv({ ...ENV, KYI_PARTNER_SECRET: ' hunter2' }), (e: unknown) => !(e as Error).message.includes('hunter2'));
  });

  it('a KYI_* variable it does not read (an older setup) is named with the one it most likely means', () => {
    const older = { KYI_PUBLIC_ORIGIN: 'http://localhost:3000', KYI_BASE_URL: 'http://127.0.0.1:4010', KYI_API_KEY: 'pk', KYI_SECRET_KEY: 's', KYI_DEV_USER: 'u1' };
    assert.throws(
      () => kyiOptionsFromEnv(older),
      (e: unknown) =>
        e instanceof KyiConfigError &&
        e.message.includes('set KYI_PUBLIC_API_URL') &&
        e.message.includes('KYI_BASE_URL is set, which is not read: did you mean KYI_PUBLIC_API_URL?') &&
        e.message.includes('KYI_API_KEY is set, which is not read: did you mean KYI_PUBLIC_API_KEY?') &&
        e.message.includes('KYI_SECRET_KEY is set, which is not read: did you mean KYI_PARTNER_SECRET?') &&
        !e.message.includes('KYI_DEV_USER'),
    );
  });
});
