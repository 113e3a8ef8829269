/**
 * Mutable Public API state of the sandbox: which tokens the widget flow has verified, and
 * whether the hostile set is served. Everything else is the fixed seed data.
 */
import { HOSTILE_TOKENS } from './data/hostile.js';
import { SEED_TOKENS } from './data/tokens.js';
import type { SeedToken } from './data/types.js';

/** What a token indexed through the control API looks like, apart from its identity. */
const INDEXED_TEMPLATE: SeedToken = {
  ...SEED_TOKENS.find((t) => t.slug === 'atlas-gold')!,
  description: 'A token indexed through the sandbox control API, not yet verified.',
  websiteUrl: '',
  assetDid: null,
  issuer: null,
  verified: false,
  verifiedAt: null,
  verifications: [],
};

export interface WidgetVerification {
  /** Sandbox clock when the flow finished, ms. */
  at: number;
  /** `sub` of the access token that finished the flow. */
  userId: string;
  /** Verification method recorded for it (field notes' method names). */
  method: string;
}

export class PublicState {
  hostile: boolean;
  readonly #initialHostile: boolean;
  readonly #verified = new Map<string, WidgetVerification>();
  /** Tokens indexed through the control API (a test file's own fixtures). */
  readonly #indexed: SeedToken[] = [];

  constructor(opts: { hostile?: boolean } = {}) {
    this.hostile = this.#initialHostile = opts.hostile ?? false;
  }

  /** Every indexed token as it stands now (seed data with widget verifications applied). */
  tokens(): SeedToken[] {
    const seeds = this.hostile ? [...SEED_TOKENS, ...HOSTILE_TOKENS] : [...SEED_TOKENS];
    return [...seeds, ...this.#indexed].map((t) => this.#apply(t));
  }

  /** Verified tokens, in a stable order: what `GET /assets` and the asset routes serve. */
  verifiedTokens(): SeedToken[] {
    return this.tokens().filter((t) => t.verified);
  }

  /** Indexed tokens not yet verified: what the widget flow offers. */
  pendingTokens(): SeedToken[] {
    return this.tokens().filter((t) => !t.verified);
  }

  bySlug(slug: string): SeedToken | undefined {
    return this.tokens().find((t) => t.slug === slug);
  }

  /** Marks an indexed, unverified token verified (the widget flow's result). */
  markVerified(slug: string, how: WidgetVerification): SeedToken | undefined {
    const token = this.bySlug(slug);
    if (!token || token.verified) return undefined;
    this.#verified.set(slug, how);
    return this.bySlug(slug);
  }

  /**
   * Indexes one more token, not verified, with no issuer on record: a fixture of a test's
   * own, so what the test changes (verifying it) no other test sees.
   */
  index(chain: string, address: string): SeedToken {
    const existing = this.tokens().find((t) => t.chain === chain && t.address === address);
    if (existing) return existing;
    const n = this.#indexed.length + 1;
    const token: SeedToken = {
      ...INDEXED_TEMPLATE,
      slug: `indexed-${n}`,
      chain,
      address,
      name: `Indexed Token ${n}`,
      symbol: `IDX${n}`,
    };
    this.#indexed.push(token);
    return token;
  }

  /** Widget verifications so far, by token slug. */
  verifications(): ReadonlyMap<string, WidgetVerification> {
    return this.#verified;
  }

  reset(): void {
    this.#verified.clear();
    this.#indexed.length = 0;
    this.hostile = this.#initialHostile;
  }

  #apply(token: SeedToken): SeedToken {
    const v = this.#verified.get(token.slug);
    if (!v) return token;
    return {
      ...token,
      verified: true,
      verifiedAt: new Date(v.at).toISOString(),
      verifications: [v.method],
      issuer: token.issuer
        ? { ...token.issuer, kybVerified: true }
        : { name: 'Sandbox Issuer', description: 'Verified through the sandbox widget flow.', did: null, kybVerified: true },
    };
  }
}
