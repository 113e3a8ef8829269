/**
 * Seed data of the Explorer sandbox: the public registry (asset summaries with UUIDs) and
 * the change templates the monitoring feed, the notifications and the clock-driven detections
 * are built from. Deterministic: everything comes from a seeded `Random`.
 */
import type { AssetSummary, Direction, Materiality } from '../../contract/index.js';
import { BASE58, Random } from './random.js';
import changeTemplates from './change-templates.json' with { type: 'json' };

/** Where the sandbox's change and asset pages would live on the Explorer web app. */
export const EXPLORER_WEB_ORIGIN = 'https://explorer.sandbox.kyi.example';

/** Change categories the sandbox knows; any other `category` filter is a 400 (4.2 rule 1). */
export const CHANGE_CATEGORIES = [
  'disclosure_field',
  'document_revision',
  'register_entry',
  'party_edge',
  'tokenomics',
  'obligation',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

/** How intake ends for an asset: `partial` is ready with some sources missing (`intake_partial`). */
export type IntakeOutcome = 'ready' | 'partial' | 'unresolved';

export interface RegistryAsset {
  summary: AssetSummary & {
    id: string;
    name: string;
    symbol: string;
    issuerName: string;
    chain: string;
    chainId: number;
    contractAddress: string;
  };
  intake: IntakeOutcome;
  /** `stateReason` when intake ends `unresolved`. */
  unresolvedReason: string | null;
  /** Issuer web origin, for source URLs. */
  issuerSite: string;
}

interface Chain {
  chain: string;
  chainId: number;
  evm: boolean;
}
const CHAINS: Chain[] = [
  { chain: 'ethereum', chainId: 1, evm: true },
  { chain: 'base', chainId: 8453, evm: true },
  { chain: 'plume', chainId: 98866, evm: true },
  { chain: 'avalanche', chainId: 43114, evm: true },
  { chain: 'solana', chainId: 101, evm: false },
  { chain: 'sepolia', chainId: 11155111, evm: true },
];

const PREFIXES = [
  'Harbor', 'Northwind', 'Meridian', 'Cobalt', 'Juniper', 'Atlas', 'Sable', 'Lumen',
  'Granite', 'Orchard', 'Beacon', 'Tidewater', 'Summit', 'Kestrel', 'Verdant', 'Halcyon',
];
const PRODUCTS: Array<[string, string]> = [
  ['Treasury Note', 'TN'],
  ['Money Market Fund', 'MMF'],
  ['Gold Token', 'GLD'],
  ['Real Estate Income', 'REI'],
  ['Private Credit Fund', 'PCF'],
  ['Carbon Credit', 'CC'],
  ['Dollar', 'USD'],
  ['Euro', 'EUR'],
];
const ISSUER_SUFFIXES = ['Capital Ltd', 'Asset Management AG', 'Digital Securities LLC', 'Trust Company'];
const UNRESOLVED_REASONS = [
  "No disclosure documents could be located at the issuer's published sources",
  'The contract address does not match the registry record on this chain',
  'The issuer website did not respond during intake (3 attempts)',
];

/** Number of assets in the sandbox registry (more than the watchlist cap of 50). */
export const REGISTRY_SIZE = 64;

/** The public registry: the field notes' real tokens first, then made-up ones. */
export function buildRegistry(rng: Random): RegistryAsset[] {
  const out: RegistryAsset[] = [
    real(rng, 'PayPal USD', 'PYUSD', 'Paxos Trust Company', 'solana', 101, '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo', 'paxos.example'),
    real(rng, 'USD Coin', 'USDC', 'Circle Internet Financial', 'solana', 101, 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'circle.example'),
    real(rng, 'Plume USD', 'pUSD', 'Plume Network', 'plume', 98866, '0xdddD73F5Df1F0DC31373357beAC77545dC5A6f3F', 'plume.example'),
  ];
  for (let i = 0; out.length < REGISTRY_SIZE; i++) {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    const [product, code] = PRODUCTS[Math.floor(i / PREFIXES.length) % PRODUCTS.length]!;
    const chain = CHAINS[i % CHAINS.length]!;
    const intake: IntakeOutcome = i % 9 === 4 ? 'unresolved' : i % 9 === 7 ? 'partial' : 'ready';
    const slug = prefix.toLowerCase();
    out.push({
      summary: {
        id: rng.uuid(),
        name: `${prefix} ${product}`,
        symbol: `${prefix.slice(0, 2).toUpperCase()}${code}`,
        issuerName: `${prefix} ${ISSUER_SUFFIXES[i % ISSUER_SUFFIXES.length]}`,
        chain: chain.chain,
        chainId: chain.chainId,
        contractAddress: chain.evm ? `0x${rng.hex(40)}` : rng.chars(BASE58, 44),
      },
      intake,
      unresolvedReason: intake === 'unresolved' ? UNRESOLVED_REASONS[i % UNRESOLVED_REASONS.length]! : null,
      issuerSite: `https://${slug}-${code.toLowerCase()}.issuer.example`,
    });
  }
  return out;
}

function real(
  rng: Random,
  name: string,
  symbol: string,
  issuerName: string,
  chain: string,
  chainId: number,
  contractAddress: string,
  site: string,
): RegistryAsset {
  return {
    summary: { id: rng.uuid(), name, symbol, issuerName, chain, chainId, contractAddress },
    intake: 'ready',
    unresolvedReason: null,
    issuerSite: `https://${site}`,
  };
}

/** Whether the `assetScoped` key covers registry asset number `index` (every other asset). */
export function isInAssetScope(index: number): boolean {
  return index % 2 === 0;
}

/** A kind of change the sandbox detects, with its explanation texts. */
export interface ChangeTemplate {
  category: ChangeCategory;
  changeKind: string;
  fieldGroup: string;
  field: { name: string; label: string; meaning: string; stake: string };
  before: string | null;
  after: string | null;
  materiality: Materiality | null;
  direction: Direction;
  lowSignal?: boolean;
  /** Document path on the issuer site. */
  document: string;
  title: string;
  headline: string;
  whyItMatters: string;
  impact: string;
  holders: string;
  dimensions: Array<{ kind: string; direction: Direction }>;
}

/** What TypeScript makes of JSON: its strings are plain `string`, not the literal unions of `T`. */
type FromJson<T> = T extends string ? string : T extends (infer E)[] ? FromJson<E>[] : T extends object ? { [K in keyof T]: FromJson<T[K]> } : T;

// Every field is checked here but the literal unions (category, materiality, direction), which
// the cast below takes as they are.
const templates: readonly FromJson<ChangeTemplate>[] = changeTemplates;

/**
 * One template per kind of change (change-templates.json); together they cover every category,
 * every materiality, every direction, and a source for every notification kind of part 6.
 */
export const CHANGE_TEMPLATES = templates as ChangeTemplate[];

/** Notification kind a confirmed, non-low-signal change of this template produces (part 6). */
export function notificationKindFor(t: ChangeTemplate): string {
  switch (t.category) {
    case 'register_entry':
      return 'register_change';
    case 'party_edge':
      return 'party_edge_change';
    case 'tokenomics':
      return t.changeKind === 'sources_disagree' ? 'tokenomics_disagreement' : 'tokenomics_change';
    case 'obligation':
      return t.changeKind === 'not_evidenced'
        ? 'obligation_not_evidenced'
        : t.changeKind === 'regime_added'
          ? 'obligation_regime_added'
          : 'obligation_verdict_change';
    default:
      return 'disclosure_change';
  }
}

/** Tokenomics fields the revision feed reports. */
export const TOKENOMICS_FIELDS: Array<{ field: string; label: string; unit: string; base: number }> = [
  { field: 'total_supply', label: 'Total supply', unit: 'tokens', base: 1_000_000_000 },
  { field: 'circulating_supply', label: 'Circulating supply', unit: 'tokens', base: 800_000_000 },
  { field: 'max_supply', label: 'Maximum supply', unit: 'tokens', base: 2_000_000_000 },
  { field: 'treasury_balance', label: 'Treasury balance', unit: 'tokens', base: 150_000_000 },
  { field: 'locked_supply', label: 'Locked supply', unit: 'tokens', base: 50_000_000 },
  { field: 'reserve_ratio', label: 'Reserve ratio', unit: 'percent', base: 100 },
];
export const TOKENOMICS_SOURCES = ['onchain', 'issuer_disclosure', 'attestation'] as const;
