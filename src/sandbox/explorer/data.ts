/**
 * Seed data of the Explorer sandbox: the public registry (asset summaries with UUIDs) and
 * the change templates the monitoring feed, the notifications and the clock-driven detections
 * are built from. Deterministic: everything comes from a seeded `Random`.
 */
import type { AssetSummary, Direction, Materiality } from '../../contract/index.js';
import { BASE58, Random } from './random.js';

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

/**
 * One template per kind of change; together they cover every category, every materiality,
 * every direction, and a source for every notification kind of part 6.
 */
export const CHANGE_TEMPLATES: ChangeTemplate[] = [
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'holder_rights',
    field: { name: 'redemption_terms', label: 'Redemption terms', meaning: 'How and when holders can redeem tokens for the underlying asset', stake: 'Whether holders can exit at par, and how fast' },
    before: 'Redeemable at par on any business day, no fee', after: 'Redeemable at par within 5 business days; fee up to 0.5%',
    materiality: 'material', direction: 'weakens', document: 'terms/redemption.pdf',
    title: 'Redemption terms changed', headline: 'Redemption now takes up to 5 business days and may cost 0.5%',
    whyItMatters: 'Slower, costlier redemption makes it harder for holders to exit at par under stress.',
    impact: 'Weakens holder protection', holders: 'Expect redemptions to settle later and to pay a fee.',
    dimensions: [{ kind: 'participant_protection', direction: 'weakens' }, { kind: 'liquidity', direction: 'weakens' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'reserves',
    field: { name: 'reserve_composition', label: 'Reserve composition', meaning: 'What the reserve backing the token holds', stake: 'The quality and liquidity of the backing' },
    before: '100% US Treasury bills under 90 days', after: '80% US Treasury bills, 20% overnight reverse repo',
    materiality: 'material', direction: 'mixed', document: 'reserves/composition.pdf',
    title: 'Reserve composition changed', headline: 'A fifth of the reserve moves into overnight reverse repo',
    whyItMatters: 'Repo is more liquid but adds counterparty exposure compared with bills held outright.',
    impact: 'Mixed effect on backing', holders: 'Backing stays short-dated; counterparty risk rises slightly.',
    dimensions: [{ kind: 'reserve_quality', direction: 'weakens' }, { kind: 'liquidity', direction: 'strengthens' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'reserves',
    field: { name: 'attestation_frequency', label: 'Attestation frequency', meaning: 'How often an independent firm attests the reserve', stake: 'How fresh the evidence of backing is' },
    before: 'Quarterly', after: 'Monthly',
    materiality: 'material', direction: 'strengthens', document: 'reserves/attestations.html',
    title: 'Attestation frequency changed', headline: 'Reserve attestations move from quarterly to monthly',
    whyItMatters: 'More frequent attestations shorten the time a shortfall could go unseen.',
    impact: 'Strengthens transparency', holders: 'Evidence of backing will be at most a month old.',
    dimensions: [{ kind: 'transparency', direction: 'strengthens' }],
  },
  {
    category: 'document_revision', changeKind: 'revision_uncomparable', fieldGroup: 'documents',
    field: { name: 'whitepaper', label: 'Whitepaper', meaning: 'The issuer\'s published whitepaper', stake: 'The primary disclosure document' },
    before: null, after: null, lowSignal: true,
    materiality: null, direction: 'unassessed', document: 'whitepaper.pdf',
    title: 'Whitepaper revised (not comparable)', headline: 'A new whitepaper version was held but could not be compared',
    whyItMatters: 'The new version could not be compared with the previous one even after recovery, so no change is asserted.',
    impact: 'Not assessed', holders: 'Nothing to act on; the revision is kept for reference.',
    dimensions: [],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'parties',
    field: { name: 'custodian', label: 'Custodian', meaning: 'The firm holding the reserve assets', stake: 'Who safeguards the backing' },
    before: 'State Street Bank and Trust', after: 'BNY Mellon',
    materiality: 'clarification', direction: 'neutral', document: 'parties.html',
    title: 'Custodian named', headline: 'The custodian is now named as BNY Mellon',
    whyItMatters: 'Naming the custodian lets holders check who safeguards the reserve.',
    impact: 'Neutral', holders: 'No action needed; the custodian of record changed.',
    dimensions: [{ kind: 'counterparty', direction: 'neutral' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'administration',
    field: { name: 'investor_contact', label: 'Investor contact', meaning: 'Where holders send questions and complaints', stake: 'How holders reach the issuer' },
    before: 'ir@issuer.example', after: 'investors@issuer.example',
    materiality: 'editorial', direction: 'neutral', document: 'contact.html',
    title: 'Investor contact updated', headline: 'The investor contact address changed',
    whyItMatters: 'An editorial update; the way to reach the issuer stays the same in substance.',
    impact: 'Neutral', holders: 'Use the new address for questions.',
    dimensions: [{ kind: 'transparency', direction: 'neutral' }],
  },
  {
    category: 'tokenomics', changeKind: 'sources_disagree', fieldGroup: 'supply',
    field: { name: 'circulating_supply', label: 'Circulating supply', meaning: 'Tokens held outside issuer-controlled wallets', stake: 'How much of the token is in public hands' },
    before: '812,400,000 (issuer)', after: '797,950,000 (on-chain)',
    materiality: null, direction: 'unassessed', document: 'tokenomics.html',
    title: 'Circulating supply sources disagree', headline: 'Issuer and on-chain figures for circulating supply differ by 1.8%',
    whyItMatters: 'When sources disagree, the published supply cannot be relied on until reconciled.',
    impact: 'Not yet assessed', holders: 'Treat the published circulating supply as unconfirmed.',
    dimensions: [{ kind: 'transparency', direction: 'unassessed' }],
  },
  {
    category: 'register_entry', changeKind: 'status_changed', fieldGroup: 'licensing',
    field: { name: 'licence_status', label: 'Licence status', meaning: 'The issuer\'s entry on the regulator\'s register', stake: 'Whether the issuer may issue this token' },
    before: 'Authorised', after: 'Authorised with restrictions',
    materiality: null, direction: 'weakens', document: 'register-extract.html',
    title: 'Register entry changed', headline: 'The issuer\'s licence now carries restrictions',
    whyItMatters: 'Restrictions on the licence can limit issuance or redemption activity.',
    impact: 'Weakens regulatory standing', holders: 'Check whether the restrictions affect redemptions.',
    dimensions: [{ kind: 'regulatory_standing', direction: 'weakens' }],
  },
  {
    category: 'party_edge', changeKind: 'party_added', fieldGroup: 'parties',
    field: { name: 'transfer_agent', label: 'Transfer agent', meaning: 'The firm keeping the register of holders', stake: 'Who records ownership' },
    before: null, after: 'Prime Registry Services LLC',
    materiality: null, direction: 'strengthens', document: 'parties.html',
    title: 'Transfer agent added', headline: 'A regulated transfer agent now keeps the holder register',
    whyItMatters: 'An independent register keeper reduces the risk of ownership records being lost.',
    impact: 'Strengthens holder protection', holders: 'Ownership records are now kept independently.',
    dimensions: [{ kind: 'participant_protection', direction: 'strengthens' }],
  },
  {
    category: 'obligation', changeKind: 'verdict_changed', fieldGroup: 'obligations',
    field: { name: 'mica_whitepaper', label: 'MiCA white paper', meaning: 'Whether a compliant crypto-asset white paper is published', stake: 'Whether the issuer meets its disclosure obligation' },
    before: 'Met', after: 'Not met',
    materiality: null, direction: 'weakens', document: 'mica/whitepaper.pdf',
    title: 'Obligation verdict changed', headline: 'The MiCA white paper obligation is no longer met',
    whyItMatters: 'The published white paper no longer matches what the regime requires.',
    impact: 'Weakens compliance', holders: 'The issuer may need to republish its white paper.',
    dimensions: [{ kind: 'compliance', direction: 'weakens' }],
  },
  {
    category: 'obligation', changeKind: 'not_evidenced', fieldGroup: 'obligations',
    field: { name: 'reserve_audit', label: 'Annual reserve audit', meaning: 'Whether an annual audit of the reserve is published', stake: 'Independent evidence that the reserve exists' },
    before: 'Evidenced', after: 'Not evidenced',
    materiality: null, direction: 'weakens', document: 'reserves/audit.pdf',
    title: 'Obligation not evidenced', headline: 'No annual reserve audit could be found for the last year',
    whyItMatters: 'Without the audit, the reserve rests on attestations alone.',
    impact: 'Weakens transparency', holders: 'Ask the issuer for the latest audit report.',
    dimensions: [{ kind: 'transparency', direction: 'weakens' }],
  },
  {
    category: 'obligation', changeKind: 'regime_added', fieldGroup: 'obligations',
    field: { name: 'regime', label: 'Applicable regime', meaning: 'The regulatory regimes that apply to the token', stake: 'Which rules the issuer must follow' },
    before: 'MiCA', after: 'MiCA; Hong Kong stablecoin ordinance',
    materiality: null, direction: 'neutral', document: 'regulatory.html',
    title: 'Regime added', headline: 'A second regulatory regime now applies',
    whyItMatters: 'New obligations will be checked against this regime from now on.',
    impact: 'Neutral', holders: 'Expect new obligations to appear in the monitoring feed.',
    dimensions: [{ kind: 'compliance', direction: 'neutral' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'economics',
    field: { name: 'fee_schedule', label: 'Fee schedule', meaning: 'Fees charged on issuance and redemption', stake: 'What holders pay to enter and exit' },
    before: 'No issuance fee', after: 'Issuance fee of 0.1%',
    materiality: 'clarification', direction: 'weakens', document: 'fees.html',
    title: 'Fee schedule clarified', headline: 'An issuance fee of 0.1% is now stated',
    whyItMatters: 'The fee was applied before; it is now disclosed, and raises the cost of entry.',
    impact: 'Weakens holder economics', holders: 'Budget 0.1% on new issuance.',
    dimensions: [{ kind: 'participant_protection', direction: 'weakens' }],
  },
  {
    category: 'disclosure_field', changeKind: 'text_added', fieldGroup: 'risk',
    field: { name: 'risk_factors', label: 'Risk factors', meaning: 'Risks the issuer discloses to holders', stake: 'What could go wrong for holders' },
    before: 'Market and operational risk', after: 'Market, operational and de-peg risk, with mitigations',
    materiality: 'clarification', direction: 'strengthens', document: 'risk.html',
    title: 'Risk factors expanded', headline: 'De-peg risk and its mitigations are now disclosed',
    whyItMatters: 'A fuller risk section lets holders judge the token against what could go wrong.',
    impact: 'Strengthens transparency', holders: 'Read the new de-peg section.',
    dimensions: [{ kind: 'transparency', direction: 'strengthens' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'legal',
    field: { name: 'governing_law', label: 'Governing law', meaning: 'The law that governs the token terms', stake: 'Where disputes are decided' },
    before: 'Laws of England and Wales', after: 'Laws of England and Wales (arbitration seat: London)',
    materiality: 'editorial', direction: 'neutral', document: 'terms/legal.pdf',
    title: 'Governing law wording updated', headline: 'The arbitration seat is now spelled out',
    whyItMatters: 'A wording change; the governing law itself is unchanged.',
    impact: 'Neutral', holders: 'No action needed.',
    dimensions: [{ kind: 'legal', direction: 'neutral' }],
  },
  {
    category: 'tokenomics', changeKind: 'value_changed', fieldGroup: 'supply',
    field: { name: 'total_supply', label: 'Total supply', meaning: 'All tokens in existence', stake: 'Dilution of existing holders' },
    before: '1,000,000,000', after: '1,250,000,000',
    materiality: null, direction: 'mixed', document: 'tokenomics.html',
    title: 'Total supply changed', headline: 'Total supply rose by 25% after a backed issuance',
    whyItMatters: 'New supply is backed by new reserve, but concentration among holders shifts.',
    impact: 'Mixed effect on supply', holders: 'Check that the reserve grew in step.',
    dimensions: [{ kind: 'supply', direction: 'weakens' }, { kind: 'reserve_quality', direction: 'strengthens' }],
  },
  {
    category: 'disclosure_field', changeKind: 'value_changed', fieldGroup: 'reserves',
    field: { name: 'reserve_ratio_target', label: 'Reserve ratio target', meaning: 'The share of issued tokens the reserve aims to cover', stake: 'How fully the token is backed' },
    before: '100%', after: 'At least 100%, target 102%',
    materiality: 'material', direction: 'unassessed', document: 'reserves/policy.pdf',
    title: 'Reserve ratio target changed', headline: 'The reserve target now aims for a 2% buffer',
    whyItMatters: 'The impact of the new buffer policy has not been assessed yet.',
    impact: 'Not yet assessed', holders: 'Assessment pending.',
    dimensions: [{ kind: 'reserve_quality', direction: 'unassessed' }],
  },
];

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
