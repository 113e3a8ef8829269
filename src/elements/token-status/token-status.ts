import { lookupToken } from '../../client/lookup.js';
import type { TokenLookupResult, TokenMatch } from '../../contract/index.js';
import { checkTokenInput, KyiLookupElement, type InputCheck, type LookupFunction } from '../shared/lookup-element.js';
import { sharedStyles } from '../shared/styles.js';
import { chainName } from '../shared/chain-names.js';
import { shortAddress } from '../shared/short-address.js';
import type { ElementView, View } from '../shared/view.js';
import { copyOf } from '../shared/copies.js';
import { tokenStatusStyles } from './token-status.styles.js';
import { stringsVersion } from '../../browser/strings.js';
import './strings.js';

type IconKind = 'verified' | 'partial' | 'unverified' | 'not-found' | 'invalid' | 'error';

const STROKE = { fill: 'none', stroke: 'currentColor' };
/** The ring every state but the error's shares, and the check of verified. */
const RING: ElementView = ['circle', { cx: '10', cy: '10', r: '7.5', ...STROKE, 'stroke-width': '1.8' }];
const CHECK: ElementView = ['path', { d: 'M6.6 10.3l2.3 2.3 4.5-4.7', ...STROKE, 'stroke-width': '2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }];
const dot = (cy: string): ElementView => ['circle', { cx: '10', cy, r: '1', fill: 'currentColor' }];

/**
 * The views made for each state shown (one object per answer, however many statuses show it,
 * client/lookup/outcome.ts; `LOADING` for every loading status), by size and language, each with
 * the strings version it was made in (`render`): statuses showing the same thing show copies of
 * one view, a page mixing sizes or languages included.
 */
const VIEWS = new WeakMap<object, Map<string, [version: string, view: ElementView]>>();
const LOADING = {};

/** What each state's icon draws, in its 20 × 20 box. */
const ICONS: Record<IconKind, View[]> = {
  verified: [RING, CHECK],
  partial: [
    ['path', { d: 'M10 2.5a7.5 7.5 0 0 0 0 15', ...STROKE, 'stroke-width': '1.8' }],
    ['path', { d: 'M10 2.5a7.5 7.5 0 0 1 0 15', ...STROKE, 'stroke-width': '1.8', 'stroke-dasharray': '2.2 2' }],
    CHECK,
  ],
  unverified: [RING, ['path', { d: 'M6.5 10h7', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round' }]],
  'not-found': [
    RING,
    ['path', { d: 'M8 8a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.7', ...STROKE, 'stroke-width': '1.6', 'stroke-linecap': 'round' }],
    dot('13.8'),
  ],
  invalid: [
    ['circle', { cx: '10', cy: '10', r: '7.5', ...STROKE, 'stroke-width': '1.8', 'stroke-dasharray': '3 2' }],
    ['path', { d: 'M7.5 7.5l5 5M12.5 7.5l-5 5', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round' }],
  ],
  error: [
    ['path', { d: 'M10 2.8l8 14H2z', ...STROKE, 'stroke-width': '1.7', 'stroke-linejoin': 'round' }],
    ['path', { d: 'M10 8v4', stroke: 'currentColor', 'stroke-width': '1.8', 'stroke-linecap': 'round' }],
    dot('14.4'),
  ],
};

/**
 * The state icon. Named by `aria-label` alone: a `<title>` would be read again as its
 * description (a compact status's tooltip is its box's `title`); without a name (`''`: beside
 * words that say the same, or the error's), decorative, hidden from assistive technology.
 * Verified is the live status's own mark, a check in the ring every state shares, never the
 * static badge's image (the badge is "never proof"); verified on some chains only, the same
 * check in a ring half drawn, half dashed. One size for every state, full and compact
 * (`--kyi-token-status-icon-size`).
 */
function icon(kind: IconKind, label: string): ElementView {
  const named = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': 'true' };
  const cls = kind === 'partial' ? 'verified partial' : kind;
  return ['svg', { part: 'icon', class: `icon ${cls}`, viewBox: '0 0 20 20', ...named }, ...ICONS[kind]];
}

/**
 * Issuer names wrap, every word shown; no real one comes near 120 characters. A hostile one
 * (10 000 characters from the service) stops there with an ellipsis instead of filling the page.
 */
const withinReason = (name: string) => (name.length > 120 ? `${name.slice(0, 120)}…` : name);

/** The amber triangle of "verified, but the issuer's business is not": decorative, its words say it. */
const warningMark: ElementView = [
  'svg',
  { class: 'warning-mark', viewBox: '0 0 20 20', 'aria-hidden': 'true' },
  ['path', { d: 'M10 2.5l8.2 14.5H1.8z', fill: 'currentColor' }],
  ['path', { d: 'M10 7.5v4.2', stroke: 'var(--_kyi-surface)', 'stroke-width': '1.9', 'stroke-linecap': 'round' }],
  ['circle', { cx: '10', cy: '14.2', r: '1.05', fill: 'var(--_kyi-surface)' }],
];

/** The check of "the issuer's business is verified" (the verified icon's stroke): decorative, its words say it. */
const claimMark: ElementView = [
  'svg',
  { class: 'claim-mark', viewBox: '0 0 20 20', 'aria-hidden': 'true' },
  ['path', { d: 'M5 10.5l3.2 3.2L15 6.8', ...STROKE, 'stroke-width': '2.2', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }],
];

/** A match's chain: its slug, else its CAIP-2 id. */
function chainOf(match: TokenMatch): string {
  return match.token.chain_slug || match.token.caip2 || match.token.caip19?.split('/')[0] || '?';
}

/**
 * A match's chain as the kit's sentences name it ("Verified on {chains}"): a chain the kit does
 * not know is the service's text, isolated (FSI … PDI, the plain-text `<bdi>`: the summary is
 * also a tooltip), so a U+202E in it reorders none of the kit's words after it.
 */
function chainLabel(match: TokenMatch): string {
  const slug = chainOf(match);
  const name = chainName(slug);
  return name === slug ? `\u2068${name}\u2069` : name;
}

/**
 * @tag kyi-token-status
 * @summary Live KYI verification status of one token: looks the token up through the
 * partner's server piece and shows "KYI verified" only when the lookup says so.
 *
 * Identify the token with `caip19`, or with `address` and optional `chain-slug`. Lookups
 * from every element on the page are batched, deduplicated and cached. The element
 * re-checks when its attributes change and drops stale answers.
 *
 * A token verified on some of its chains only reads "KYI verified on 2 of 3 chains", the
 * chains beside it. A compact status is one icon whose name says it is a live check ("KYI
 * verified (live check)"): a static `<kyi-badge>` is named "KYI verified badge (static
 * claim)" and looks different. A status that changes after it first settled (after a
 * verification in the drawer, say) is announced once, politely, naming the token: "Orbit
 * Dollar (ORBD): KYI verified" (the name a verified match gives, else its shortened address:
 * anyone can name a token they deploy).
 *
 * Made for pages of hundreds: many statuses answered at once render in short slices, those in
 * view first, and a status out of view skips its rendering (`content-visibility: auto` on the
 * host, its reserved box in its place), so the page stays responsive and nothing moves.
 *
 * @csspart base - The wrapper of every state.
 * @csspart icon - The state icon, one size in every state, full and compact: the live check (its own mark, never the static badge image; a half-dashed ring when verified on some chains only), not verified, unknown token, invalid input, error.
 * @csspart label - The status text.
 * @csspart summary - Per-chain summary when the token matches on several chains.
 * @csspart issuer - The issuer line of a verified token: the kit's words and the issuer's name, isolated in a `<bdi>` (data, never a claim).
 * @csspart kyb-claim - "Business verified": the kit's own claim that the issuer's business is verified, beside the label (icon and words), never part of the issuer's name.
 * @csspart warning - "Business not verified": a verified token whose issuer's business is not (icon and words; in compact mode a corner mark, the words in the accessible name).
 * @csspart skeleton - The loading placeholder.
 * @csspart notice - The invalid-input and unknown-token notices.
 * @csspart error - The error's words: what failed, and why (visually hidden; compact: all of it).
 * @csspart retry-button - The error's Retry button (compact: an icon button); none where retrying cannot help (the site's configuration: not configured, not mounted, origin or key refused, an untrusted proxy-url; a refused request, 400), where the compact status is the error icon, named by the error.
 *
 * @cssprop --kyi-token-status-width - Width of the full (not compact) status in every state, so nothing moves when a lookup settles (default 24em; `auto` to fit the text).
 * @cssprop --kyi-token-status-icon-size - Size of the state icon (default 1.25em).
 * @cssprop --kyi-token-status-gap - Gap between icon and text (default 0.375em).
 * @cssprop --kyi-token-status-verified-color - Colour of the verified text.
 * @cssprop --kyi-token-status-background - Background of the status (default the theme surface).
 *
 * @fires kyi-status - A lookup settled: `{ status, result }`.
 * @fires kyi-error - The lookup failed: `{ code, message }`.
 */
export class KyiTokenStatus extends KyiLookupElement<TokenLookupResult> {
  static override styles = [...sharedStyles, tokenStatusStyles];

  protected static override inputs: readonly PropertyKey[] = ['proxyUrl', 'caip19', 'address', 'chainSlug'];

  static override properties = {
    caip19: { type: String, reflect: true },
    address: { type: String, reflect: true },
    chainSlug: { type: String, reflect: true, attribute: 'chain-slug' },
    compact: { type: Boolean, reflect: true },
  };

  // (declared, not assigned: a property starts undefined, and assigning it undefined changes nothing, reactive.ts)
  /** CAIP-19 asset ID of the token (use this, or `address`). */
  declare caip19: string | undefined;
  /** Token address (use this, or `caip19`). */
  declare address: string | undefined;
  /** Chain slug narrowing an `address` lookup, e.g. `ethereum`. */
  declare chainSlug: string | undefined;
  /**
   * Icon only, with the status as its accessible name and tooltip: "KYI verified (live check)",
   * "KYI verified on 2 of 3 chains (live check)" with the chains, "Not verified"…
   */
  compact: boolean = false;


  /** The last lookup result (`null` before one settled, or for invalid input and errors). */
  get result(): TokenLookupResult | null {
    return this._result;
  }

  /** Its attributes, checked (only `caip19`, `address` and `chain-slug` are read). @internal */
  protected checkInput(): InputCheck {
    return checkTokenInput(this);
  }

  /** @internal */
  protected readonly lookup = lookupToken as LookupFunction<TokenLookupResult>;

  protected override fingerprint(): string {
    // (a list in a template literal is its items joined by commas)
    return `${this._status}|${this.#matches.map((m) => `${chainOf(m)}:${m.kyi_verified}`).sort()}`;
  }

  /** The matches of the last answer (none before one). */
  get #matches(): TokenMatch[] {
    return this._result?.data ?? [];
  }

  /** What changed, and for which token: "Orbit Dollar (ORBD): KYI verified on 2 of 3 chains". */
  protected override spokenStatus(): string {
    const [headline, , , kybVerified] = this.#verifiedView();
    // (An error speaks through its own alert.)
    const status =
      this._status === 'verified'
        ? this.#warnedWords(headline, kybVerified)
        : this._status === 'unverified'
          ? this.t('tokenStatus.unverified')
          : this._status === 'not-found'
            ? this.t('tokenStatus.notFound')
            : '';
    return status && this.t('tokenStatus.changed', { token: this.#tokenName(), status });
  }

  /**
   * The token as people name it: the name and symbol of a verified match, else its identifier,
   * shortened. A token nobody verified is named by whoever deployed it ("USD Coin: KYI verified.
   * Other"), words that would read as the kit's own in the sentence said before its status.
   */
  #tokenName(): string {
    const asset = this.#matches.find((m) => m.kyi_verified && (m.asset?.name || m.asset?.symbol))?.asset;
    const name = withinReason(asset?.name || '');
    const symbol = withinReason(asset?.symbol || '');
    if (name && symbol && name !== symbol) return `${name} (${symbol})`;
    return name || symbol || shortAddress(this.caip19?.split(':').at(-1) ?? this.address ?? '');
  }

  /** The chains the matches are on, verified and not, as people name them. */
  #chains(): [verified: string[], unverified: string[]] {
    const on = (verified: boolean) => [...new Set(this.#matches.filter((m) => m.kyi_verified === verified).map(chainLabel))];
    return [on(true), on(false)];
  }

  /**
   * What a verified status says: its headline, "KYI verified", or "KYI verified on 2 of 3 chains"
   * for a token verified on some of its chains only (`partial`); the issuer of the verified match
   * (the one the claim is about) if named, and whether its business is verified (`undefined`: no
   * issuer named).
   */
  #verifiedView(): [headline: string, partial: boolean, issuer: string | undefined, kybVerified: boolean | undefined] {
    const [verified, unverified] = this.#chains();
    const partial = verified.length > 0 && unverified.length > 0;
    const headline = partial
      ? this.t('tokenStatus.verifiedSome', { verified: verified.length, total: new Set([...verified, ...unverified]).size })
      : this.t('tokenStatus.verified');
    // The first verified match's issuer with a name (none is `undefined`: the find's test rules out `null`).
    const named = this.#matches.find((m) => m.kyi_verified && m.issuer?.name)?.issuer as { name: string; kyb_verified?: boolean | null } | undefined;
    return [headline, partial, named && withinReason(named.name), named && named.kyb_verified === true];
  }

  /** The words, and "Business not verified" after them when the issuer's business is not. */
  #warnedWords(words: string, kybVerified: boolean | undefined): string {
    return kybVerified === false ? `${words}. ${this.t('tokenStatus.businessNotVerified')}` : words;
  }

  /** "Verified on Ethereum, Base · Not verified on Avalanche C-Chain" when the matches are on several chains, else empty. */
  #summaryText(): string {
    if (this.#matches.length < 2) return '';
    const sep = this.t('tokenStatus.listSeparator');
    const [verified, unverified] = this.#chains();
    return [
      verified.length && this.t('tokenStatus.verifiedOn', { chains: verified.join(sep) }),
      unverified.length && this.t('tokenStatus.notVerifiedOn', { chains: unverified.join(sep) }),
    ]
      .filter(Boolean)
      .join(' · ');
  }

  #summary(): View {
    const text = this.#summaryText();
    return text && ['span', { part: 'summary', class: 'summary' }, text];
  }

  /**
   * The issuer line of a verified token: the kit's words with the name, upstream data, in a
   * `<bdi>` (U+202E and friends cannot reorder the words around it). The business claim is
   * the kit's, beside the label.
   */
  #issuer(name: string): ElementView {
    const [before, after = ''] = this.t('tokenStatus.issuer').split('{name}');
    return ['span', { part: 'issuer', class: 'issuer' }, before, ['bdi', {}, name], after];
  }

  /**
   * The business claim beside the verified label, in the kit's own words and marks: "Business
   * verified" (part kyb-claim) or "Business not verified" (part warning), never ellipsized away.
   * No issuer's name can stand in for it: the name is on its own line, isolated.
   */
  #claim(kybVerified: boolean): ElementView {
    const part = kybVerified ? 'kyb-claim' : 'warning';
    return [
      'span',
      { part, class: `claim ${part}` },
      ['span', { class: 'visually-hidden' }, ', '],
      kybVerified ? claimMark : warningMark,
      this.t(kybVerified ? 'tokenStatus.businessVerified' : 'tokenStatus.businessNotVerified'),
    ];
  }

  /** The loading view: the status's skeleton (its icon and lines) and the words a screen reader reads. */
  #loading(): ElementView {
    const line = (cls: string, skeleton: string): ElementView => ['span', { class: cls }, ['span', { part: 'skeleton', class: skeleton }]];
    return [
      'span',
      { part: 'base', class: this.compact ? 'base loading compact' : 'base loading', 'aria-busy': 'true' },
      ['span', { part: 'skeleton', class: 'skeleton icon-skeleton' }],
      !this.compact && ['span', { class: 'text' }, line('line', 'skeleton text-skeleton'), line('line small', 'skeleton text-skeleton wide')],
      ['span', { class: 'visually-hidden' }, this.t('tokenStatus.loading')],
    ];
  }

  #verified(): ElementView {
    const [headline, partial, issuer, kybVerified] = this.#verifiedView();
    const warned = kybVerified === false;
    const kind = partial ? 'partial' : 'verified';
    if (this.compact) {
      // A live check (never the static badge's words), the business warning, and the chains when some are not verified.
      const liveCheck = this.#warnedWords(this.t('tokenStatus.liveCheck', { status: headline }), kybVerified);
      const name = partial ? `${liveCheck}. ${this.#summaryText()}` : liveCheck;
      return [
        'span',
        { part: 'base', class: `base verified compact ${warned ? 'warned' : ''}`, title: name },
        icon(kind, name),
        warned && ['span', { part: 'warning', class: 'warning corner' }, warningMark],
      ];
    }
    // The label says it: the icon is decorative here ("KYI verified" is read once).
    return [
      'span',
      { part: 'base', class: `base verified ${warned ? 'claimed warned' : issuer ? 'claimed' : ''}` },
      icon(kind, ''),
      [
        'span',
        { class: 'text' },
        ['span', { class: 'label-row' }, ['span', { part: 'label', class: 'label' }, headline], kybVerified !== undefined && this.#claim(kybVerified)],
        issuer && this.#issuer(issuer),
        this.#summary(),
      ],
    ];
  }

  /**
   * A status in words alone (not verified, unknown token, invalid input): the icon, the label and
   * below it the detail, or for a token not verified, its chains; in compact mode the icon alone,
   * named by all its words. Invalid input is a notice in a dashed box (its words for the visitor;
   * what exactly is wrong with the markup goes to the console, lookup-element.ts); an unknown
   * token's words are the notice.
   */
  #plain(kind: 'unverified' | 'not-found' | 'invalid', label: string, detail?: string): ElementView {
    const invalid = kind === 'invalid';
    const basePart = invalid ? 'base notice' : 'base';
    if (this.compact) {
      const name = detail ? `${label}. ${detail}` : label;
      return ['span', { part: basePart, class: `base ${kind} compact`, title: name }, icon(kind, name)];
    }
    return [
      'span',
      { part: basePart, class: `base ${invalid ? 'invalid notice' : kind}` },
      icon(kind, ''), // its words say it
      [
        'span',
        { part: kind === 'not-found' ? 'notice' : undefined, class: 'text' },
        ['span', { part: 'label', class: 'label' }, label],
        detail ? ['span', { class: 'detail' }, detail] : this.#summary(),
      ],
    ];
  }

  /**
   * The error, in the box of every other state (a page's table does not jump when the service
   * fails): the icon, what failed and Retry on one line; why, on demand (the Retry button's
   * description, a tooltip, the words a screen reader reads on). Compact, a Retry icon button
   * whose name says what failed. No Retry where retrying cannot help (`errorRetry`: the site's
   * configuration): compact, the icon named by the same words, in the same box, like every other
   * compact state. Shown, not announced (one after Retry is: `retry`).
   */
  #error(): ElementView {
    const title = this.t('tokenStatus.error');
    const retry = this.errorRetry();
    if (!this.compact) {
      const detail = this.errorMessage();
      return [
        'span',
        { part: 'base', class: 'base error', title: detail },
        icon('error', ''),
        [
          'span',
          { part: 'error', class: 'text' },
          ['span', { part: 'label', class: 'label' }, title],
          ['span', { class: 'visually-hidden' }, ' ', ['span', { id: 'detail' }, detail]],
        ],
        retry && ['button', { part: 'retry-button', class: 'button small', 'aria-describedby': 'detail', '@click': retry }, this.t('common.retry')],
      ];
    }
    const message = `${title}. ${this.errorMessage()}`;
    // The tooltip is the box's: on the button, its title would be read again as its description.
    // The words (part error: what a Retry that failed again says) are the control's or the icon's name, read once.
    return [
      'span',
      { part: 'base', class: 'base error compact', title: message },
      ['span', { part: 'error', class: 'visually-hidden', 'aria-hidden': 'true' }, message],
      retry
        ? ['button', { part: 'retry-button', class: 'retry-icon', 'aria-label': `${this.t('common.retry')}: ${message}`, '@click': retry }, icon('error', '')]
        : icon('error', message),
    ];
  }

  /**
   * What the status shows, as a view (no template library: a page of statuses loads none). A view
   * follows from the state, the size and the words alone, and holds no listener (but the error's,
   * with its Retry): one is made for each, and every status in it shows a copy (copies.ts: 500
   * statuses over 100 tokens show 100 answers and one loading view).
   * @internal
   */
  protected override render(): View {
    const status = this._status;
    if (status === 'idle') return undefined; // nothing
    if (status === 'error') return this.#error();
    const state = status === 'loading' ? LOADING : this._state;
    const sized = `${this.compact} ${this.renderLang}`;
    const version = stringsVersion();
    let views = VIEWS.get(state);
    if (!views) VIEWS.set(state, (views = new Map()));
    let made = views.get(sized);
    if (made?.[0] !== version) views.set(sized, (made = [version, this.#view()]));
    // The same view again (a re-render that changes nothing): the same nodes, kept where they are.
    if (this.#shown?.[0] !== made[1]) this.#shown = [made[1], copyOf(made[1])];
    return this.#shown[1];
  }

  /** The view this status shows, and its copy. */
  #shown: [view: ElementView, copy: View] | undefined;

  #view(): ElementView {
    switch (this._status) {
      case 'loading': return this.#loading();
      case 'verified': return this.#verified();
      case 'unverified': return this.#plain('unverified', this.t('tokenStatus.unverified'));
      case 'not-found': return this.#plain('not-found', this.t('tokenStatus.notFound'), this.t('tokenStatus.notFoundDetail'));
      default: return this.#plain('invalid', this.t('tokenStatus.invalid'), this.t('tokenStatus.invalidHelp'));
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-token-status': KyiTokenStatus;
  }
}
