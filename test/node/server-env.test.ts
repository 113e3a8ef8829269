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
});
