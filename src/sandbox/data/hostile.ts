/**
 * Hostile tokens, only served when the sandbox starts with `hostile: true` (or after
 * `POST /__sandbox/hostile`): markup and `javascript:` URLs in every text and link field,
 * right-to-left override characters, 10 000-character names, and an issuer whose name wears
 * the business-verified claim it does not hold (beside the genuine issuer it imitates). Pages
 * must render all of it as inert text, never as the kit's claim, and never follow those links.
 */
import type { SeedToken } from './types.js';

const base = {
  chain: 'ethereum',
  decimals: 18,
  copyrightConfirmed: false,
  attestationAddress: null,
  verified: true,
  verifiedAt: '2025-06-06T06:06:06.000Z',
  verifications: ['eip191'] as string[],
  observedAt: '2025-06-06T06:06:06.000Z',
  assetDid: null,
};

/** RLO … PDF: flips the visual order of what follows. */
const RLO = '\u202E';
const PDF = '\u202C';
const LRI = '\u2066';
const PDI = '\u2069';

export const HOSTILE_TOKENS: readonly SeedToken[] = [
  {
    ...base,
    slug: 'hostile-html',
    address: '0x6666666666666666666666666666666666666601',
    name: '<img src=x onerror="alert(1)">Evil Token',
    symbol: '<b>EVIL</b>',
    description: '<script>alert("xss")</script><a href="javascript:alert(2)">click</a>',
    websiteUrl: 'javascript:alert(document.cookie)',
    whitepaperUrl: '  JaVaScRiPt:alert(1)',
    image: { url: 'javascript:alert(1)' },
    assetUrl: 'javascript:alert("asset_url")',
    issuer: {
      name: '<iframe src="javascript:alert(3)"></iframe>Evil Corp',
      description: '"><svg onload=alert(4)>',
      did: 'did:kyi:issuer:<script>',
      kybVerified: true,
    },
    authorities: [
      {
        type: '<b>mint_authority</b>',
        address: '<script>alert(5)</script>',
        accountType: 'multisig"><img src=x onerror=alert(6)>',
        signers: ['javascript:alert(7)', '<i>signer</i>'],
        threshold: 1,
        verified: true,
      },
    ],
  },
  {
    ...base,
    slug: 'hostile-rtl',
    address: '0x6666666666666666666666666666666666666602',
    name: `USD Coin ${RLO}gnp.exe${PDF}`,
    symbol: `${RLO}CDSU${PDF}`,
    description: `Looks safe ${LRI}${RLO}tfel ot thgir${PDF}${PDI} but is not.`,
    websiteUrl: `https://example.com/${RLO}gpj.exe`,
    whitepaperUrl: 'data:text/html,<script>alert(1)</script>',
    image: { url: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
    issuer: { name: `Circle ${RLO}lanoitanretnI${PDF}`, description: `${RLO}reussi`, did: null, kybVerified: true },
    authorities: [
      { type: `owner${RLO}`, address: `0x${RLO}6666`, accountType: 'regular', signers: [], threshold: null, verified: false },
    ],
  },
  {
    ...base,
    slug: 'hostile-long',
    address: '0x6666666666666666666666666666666666666603',
    name: 'Long name '.repeat(1000),
    symbol: 'LONG'.repeat(2500),
    description: 'word '.repeat(2000),
    websiteUrl: `https://long.example/${'a'.repeat(9980)}`,
    whitepaperUrl: `https://long.example/${'b'.repeat(9980)}`,
    image: 'generated',
    issuer: { name: 'Issuer '.repeat(1428) + 'Inc.', description: 'x'.repeat(10000), did: null, kybVerified: true },
    authorities: Array.from({ length: 60 }, (_, i) => ({
      type: `authority_type_${i}`,
      address: `0x${String(i).padStart(40, '7')}`,
      accountType: i % 2 ? 'multisig' : 'regular',
      signers: i % 2 ? Array.from({ length: 20 }, (_, j) => `0x${String(j).padStart(40, '8')}`) : [],
      threshold: i % 2 ? 11 : null,
      verified: i % 3 === 0,
    })),
  },
  {
    ...base,
    slug: 'hostile-kyb-impostor',
    address: '0x6666666666666666666666666666666666666604',
    name: 'Acme Dollar',
    symbol: 'ACMD',
    description: 'A verified token whose issuer is not business verified, but says so in its name.',
    websiteUrl: '',
    whitepaperUrl: '',
    image: null,
    issuer: { name: 'Acme Ltd (business verified)', description: '', did: null, kybVerified: false },
    authorities: [],
  },
  {
    ...base,
    slug: 'hostile-kyb-genuine',
    address: '0x6666666666666666666666666666666666666605',
    name: 'Acme Dollar',
    symbol: 'ACMD',
    description: 'The genuine one: a verified token whose issuer is business verified.',
    websiteUrl: '',
    whitepaperUrl: '',
    image: null,
    issuer: { name: 'Acme Ltd', description: '', did: null, kybVerified: true },
    authorities: [],
  },
];
