/**
 * The sandbox badge route against spec 4.1 (badge parameters and rules 1–5), 7.3 (errors)
 * and 8 (badge cache and icon sizes). Real HTTP; the PNG bytes are decoded and checked.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { badgeErrorSchema, checkContract } from '../../src/contract/index.js';
import { badgeUrl } from '../../src/elements/shared/badge-image.js';
import { request, useSandbox } from './helpers/sandbox.js';

const sandbox = useSandbox();
const CACHE = 'public, max-age=31536000, immutable';

const badge = (credential: string, query = '') => request(`${sandbox().info.badgeBaseUrl}/api/v1/badges/${credential}${query ? `?${query}` : ''}`);

interface Png {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Decodes the sandbox's PNGs (RGBA, filter 0), checking the signature and every chunk CRC. */
function decodePng(bytes: Uint8Array): Png {
  const buf = Buffer.from(bytes);
  assert.deepEqual([...buf.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    const crc = buf.readUInt32BE(offset + 8 + length);
    assert.equal(crc, zlibCrc32(buf.subarray(offset + 4, offset + 8 + length)), `${type} CRC`);
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.deepEqual([...data.subarray(8)], [8, 6, 0, 0, 0], 'IHDR: 8-bit RGBA, no interlace');
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  assert.deepEqual([types[0], types.at(-1)], ['IHDR', 'IEND']);
  const raw = inflateSync(Buffer.concat(idat));
  assert.equal(raw.length, (width * 4 + 1) * height, 'IDAT size');
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    assert.equal(raw[y * (width * 4 + 1)], 0, 'filter type 0');
    pixels.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, pixels };
}

function svgSize(text: string): { width: number; height: number } {
  const m = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(text);
  assert.ok(m, 'an SVG document with width, height and viewBox');
  assert.ok(text.endsWith('</svg>'));
  return { width: Number(m[1]), height: Number(m[2]) };
}

const explicit = (o: { variant?: string; theme?: string; format?: string; size?: string | number }) =>
  new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();

describe('spec 4.1 badge route: parameters and defaults', () => {
  test('5: the badge route needs no key', async () => {
    const res = await badge('kyi_verified');
    assert.equal(res.status, 200);
  });

  for (const credential of ['kyi_verified', 'proof_of_collateral']) {
    test(`4.1 badge credential_type ${credential} → 200 image`, async () => {
      const res = await badge(credential, explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 24 }));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    });
  }

  test('4.1 badge defaults: variant icon, theme dark, format svg, size 24', async () => {
    const bare = await badge('kyi_verified');
    const full = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 24 }));
    assert.deepEqual(bare.bytes, full.bytes);
    assert.deepEqual(svgSize(bare.text), { width: 24, height: 24 });
  });

  for (const [param, value] of [['variant', 'icon'], ['theme', 'dark'], ['format', 'svg'], ['size', '24']] as const) {
    test(`4.1 badge default ${param}=${value}: omitting it equals sending it`, async () => {
      const base = { variant: 'full', theme: 'light', format: 'png', size: '16' } as Record<string, string>;
      if (param === 'variant') base.size = '32';
      const withIt = { ...base, [param]: value };
      const without = { ...base };
      delete without[param];
      const a = await badge('kyi_verified', explicit(withIt));
      const b = await badge('kyi_verified', explicit(without));
      assert.equal(a.status, 200);
      assert.deepEqual(a.bytes, b.bytes);
    });
  }

  test('4.1 badge: the badge URL the elements build (every parameter explicit) is served', async () => {
    const url = badgeUrl(sandbox().info.badgeBaseUrl, { credential: 'kyi_verified', variant: 'full', theme: 'light', format: 'png', size: 32 });
    const res = await request(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
  });

  test('4.1 badge rule 1: icon is the square mark', async () => {
    for (const format of ['svg', 'png']) {
      const res = await badge('kyi_verified', explicit({ variant: 'icon', format, size: 32, theme: 'dark' }));
      const size = format === 'svg' ? svgSize(res.text) : decodePng(res.bytes);
      assert.equal(size.width, size.height);
    }
  });

  test('4.1 badge rule 1: full is the pill with the credential name (wider than tall, named in the SVG)', async () => {
    const res = await badge('kyi_verified', explicit({ variant: 'full', theme: 'dark', format: 'svg', size: 24 }));
    const size = svgSize(res.text);
    assert.ok(size.width > size.height * 3);
    assert.match(res.text, /<title>KYI Verified<\/title>/);
    assert.match(res.text, /rx="16"/, 'pill corners');
  });

  test('4.1 badge rule 2: size is ignored for full (16, 24, 32, 64 give the same bytes)', async () => {
    for (const format of ['svg', 'png']) {
      const bodies = await Promise.all(
        ['16', '24', '32', '64'].map((size) => badge('kyi_verified', explicit({ variant: 'full', theme: 'dark', format, size }))),
      );
      for (const b of bodies.slice(1)) assert.deepEqual(b.bytes, bodies[0]!.bytes);
    }
  });

  test('4.1 badge rule 3: size=64 returns the 32 px asset', async () => {
    for (const format of ['svg', 'png']) {
      const a = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'light', format, size: 64 }));
      const b = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'light', format, size: 32 }));
      assert.deepEqual(a.bytes, b.bytes);
      const size = format === 'svg' ? svgSize(a.text) : decodePng(a.bytes);
      assert.deepEqual([size.width, size.height], [32, 32]);
    }
  });

  for (const size of [16, 24, 32]) {
    test(`8 badge icon size ${size}: the icon is ${size}×${size} px in SVG and PNG`, async () => {
      const svg = await badge('proof_of_collateral', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size }));
      assert.deepEqual(svgSize(svg.text), { width: size, height: size });
      const png = decodePng((await badge('proof_of_collateral', explicit({ variant: 'icon', theme: 'dark', format: 'png', size }))).bytes);
      assert.deepEqual([png.width, png.height], [size, size]);
    });
  }

  test('4.1 badge rule 4: SVG success is 200 image/svg+xml with Cache-Control public, max-age=31536000, immutable', async () => {
    const res = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 16 }));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    assert.equal(res.headers.get('cache-control'), CACHE);
  });

  test('4.1 badge rule 4: PNG success is 200 image/png, a valid PNG (CRCs, IDAT), with the immutable Cache-Control', async () => {
    const res = await badge('kyi_verified', explicit({ variant: 'full', theme: 'light', format: 'png', size: 24 }));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(res.headers.get('cache-control'), CACHE);
    const png = decodePng(res.bytes);
    assert.equal(png.height, 32, 'the full pill is 32 px high');
    let opaque = 0;
    for (let i = 3; i < png.pixels.length; i += 4) if (png.pixels[i] === 255) opaque++;
    assert.ok(opaque > png.width * png.height * 0.5, 'mostly painted');
    assert.ok(opaque < png.width * png.height, 'rounded corners are transparent');
  });

  test('4.1 badge rule 4: the URL parameters fully determine the image (same URL, same bytes; parameter order and unknown parameters do not matter)', async () => {
    const a = await badge('kyi_verified', 'variant=icon&theme=light&format=png&size=24');
    const b = await badge('kyi_verified', 'size=24&format=png&theme=light&variant=icon&utm_source=x');
    const c = await badge('kyi_verified', 'variant=icon&theme=light&format=png&size=24');
    assert.deepEqual(a.bytes, b.bytes);
    assert.deepEqual(a.bytes, c.bytes);
    assert.equal(a.headers.get('etag'), c.headers.get('etag'));
  });

  test('4.1 badge rule 4: different parameters give different images (theme, credential, format)', async () => {
    const dark = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 24 }));
    const light = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'light', format: 'svg', size: 24 }));
    const collateral = await badge('proof_of_collateral', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 24 }));
    assert.notDeepEqual(dark.bytes, light.bytes);
    assert.notDeepEqual(dark.bytes, collateral.bytes);
  });

  test('4.1 badge rule 5: the image is a static claim (same bytes before and after a token becomes verified)', async () => {
    const before = await badge('kyi_verified', explicit({ variant: 'full', theme: 'dark', format: 'svg', size: 24 }));
    sandbox().state.public.markVerified('meridian-treasury', { at: 0, userId: 'u', method: 'admin_manual' });
    const after = await badge('kyi_verified', explicit({ variant: 'full', theme: 'dark', format: 'svg', size: 24 }));
    sandbox().reset();
    assert.deepEqual(before.bytes, after.bytes);
  });

  test('4.1 badge: a conditional request with the ETag gets 304', async () => {
    const first = await badge('kyi_verified', explicit({ variant: 'icon', theme: 'dark', format: 'svg', size: 24 }));
    const again = await request(`${sandbox().info.badgeBaseUrl}/api/v1/badges/kyi_verified?variant=icon&theme=dark&format=svg&size=24`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    assert.equal(again.status, 304);
  });
});

describe('spec 7.3 badge errors (JSON with message)', () => {
  async function expectError(res: Awaited<ReturnType<typeof badge>>, status: number, ...parts: string[]) {
    assert.equal(res.status, status);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const body = res.json();
    assert.ok(checkContract(badgeErrorSchema, body).ok);
    for (const part of parts) assert.ok(body.message.includes(part), `"${body.message}" should mention ${part}`);
    return body.message as string;
  }

  test('7.3 400 unknown credential_type: names the invalid value and lists allowed types', async () => {
    await expectError(await badge('kyc_verified'), 400, 'kyc_verified', 'kyi_verified', 'proof_of_collateral');
  });

  test('7.3 400 unsupported format: lists svg, png, webp', async () => {
    await expectError(await badge('kyi_verified', 'format=gif'), 400, '"gif"', 'svg, png, webp');
  });

  test('7.3 400 unsupported theme: lists dark, light (field-notes message)', async () => {
    const message = await expectError(await badge('kyi_verified', 'theme=x'), 400);
    assert.equal(message, 'Invalid theme "x". Allowed: dark, light');
  });

  test('7.3 400 unsupported variant: lists icon, full', async () => {
    await expectError(await badge('kyi_verified', 'variant=square'), 400, '"square"', 'icon, full');
  });

  for (const size of ['48', '0', 'big', '']) {
    test(`7.3 400 unsupported size ${JSON.stringify(size)}: lists 16, 24, 32, 64`, async () => {
      await expectError(await badge('kyi_verified', `size=${size}`), 400, '16, 24, 32, 64');
    });
  }

  test('7.3 400 an empty theme value is unsupported, not the default', async () => {
    await expectError(await badge('kyi_verified', 'theme='), 400, 'dark, light');
  });

  test('7.3 404 valid combination without an asset: "Badge not available" (proof_of_collateral full)', async () => {
    for (const format of ['svg', 'png']) {
      const message = await expectError(await badge('proof_of_collateral', explicit({ variant: 'full', theme: 'dark', format, size: 24 })), 404);
      assert.equal(message, 'Badge not available');
    }
  });

  test('7.3 415 format=webp: "WebP badges are not yet available. Use svg or png."', async () => {
    const message = await expectError(await badge('kyi_verified', 'format=webp'), 415);
    assert.equal(message, 'WebP badges are not yet available. Use svg or png.');
  });

  test('7.3 errors carry no immutable Cache-Control', async () => {
    const res = await badge('kyi_verified', 'theme=x');
    assert.notEqual(res.headers.get('cache-control'), CACHE);
  });
});

describe('spec 8 badge limits', () => {
  test('8 badge cache: max-age=31536000, immutable, public on every image (both formats, both variants, both credentials)', async () => {
    for (const credential of ['kyi_verified', 'proof_of_collateral'])
      for (const variant of credential === 'kyi_verified' ? ['icon', 'full'] : ['icon'])
        for (const format of ['svg', 'png']) {
          const res = await badge(credential, explicit({ variant, theme: 'light', format, size: 16 }));
          assert.equal(res.status, 200);
          assert.equal(res.headers.get('cache-control'), CACHE);
        }
  });

  test('8 badge icon sizes: exactly 16, 24, 32, 64 are accepted', async () => {
    for (const size of ['16', '24', '32', '64']) assert.equal((await badge('kyi_verified', `size=${size}`)).status, 200);
    for (const size of ['8', '20', '128']) assert.equal((await badge('kyi_verified', `size=${size}`)).status, 400);
  });
});
