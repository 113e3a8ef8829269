import { chainName } from '../shared/chain-names.js';
import { shortAddress } from '../shared/short-address.js';
import { DEFAULT_HEADING_LEVEL, headingAttributes, headingLevelOf } from '../shared/heading.js';
import { lookupAsset } from '../../client/lookup/asset.js';
import type { AssetRecord, Authority } from '../../contract/index.js';
import { emit, KyiErrorEvent } from '../../browser/events.js';
import { KyiCopyEvent } from '../../browser/copy-events.js';
import { assetCardStyles } from './asset-card.styles.js';
import './strings.js';
import { safeHttpUrl } from '../../browser/config.js';
import { clipboard } from '../../browser/page.js';
import { KyiLookupElement, type InputCheck, type LookupFunction } from '../shared/lookup-element.js';
import { checkAssetInput } from './input.js';
import { blockStyles } from '../shared/blocks.styles.js';
import { sharedStyles } from '../shared/styles.js';
import { internalState } from '../shared/reactive.js';
import { tMaybe, type StringKey } from '../../browser/strings.js';
import { humanize } from '../shared/foreign-text.js';
import { errorBoxView } from '../shared/error-box.js';
import type { ElementView, View } from '../shared/view.js';
import { checkMark, mark, warnMark } from './marks.js';

/** Authorities shown before "Show all". */
const AUTHORITIES_SHOWN = 10;
/** Descriptions longer than this start clamped, with a "Show more" toggle. */
const DESCRIPTION_CLAMP_CHARS = 280;


/**
 * @tag kyi-asset-card
 * @summary A verified asset's record: token image, name, ticker, chain, issuer and whether
 * the business is verified, description, links, authorities and attestation address.
 *
 * Identify the asset with `account-id` (CAIP-10), or `chain` (a chain name such as
 * `solana`) and `address`. A 404 reads "not verified on this chain". Upstream text is
 * rendered as text; a URL becomes a link or an image only when it is http(s).
 *
 * @slot actions - Your buttons or links, shown inside the card's box at its bottom (e.g. `<kyi-verify-button>`). Whatever a child with `slot="actions"` holds shows there, next to the kit's verdict and not told apart from it: never let user content place a `<kyi-asset-card>` with children.
 *
 * @csspart base - The card.
 * @csspart header - Image, name, ticker and chain.
 * @csspart image - The token image.
 * @csspart placeholder - Shown instead of the image when there is none or it fails.
 * @csspart name - The token name.
 * @csspart ticker - The token ticker.
 * @csspart chain - The chain.
 * @csspart status - The verdict: a headline that is the weaker claim (asset verified / business not verified) and a line with the other claim and the issuer.
 * @csspart status-label - The verdict's headline.
 * @csspart issuer - The verdict's second line (the other claim and the issuer's name, isolated in a `<bdi>`).
 * @csspart kyb-claim - "Business verified": the kit's own claim that the issuer's business is verified (check mark and words), never part of the issuer's name.
 * @csspart description - The description.
 * @csspart links - The website / whitepaper / verified page links.
 * @csspart link - Each link.
 * @csspart verified-link - The link to the asset's verified page.
 * @csspart authorities - The list of authorities.
 * @csspart authority - One authority.
 * @csspart address - A shortened address.
 * @csspart copy-button - A copy button.
 * @csspart attestation - The attestation address block.
 * @csspart actions - The wrapper of the `actions` slot.
 * @csspart skeleton - Loading placeholders.
 * @csspart notice - The not-found and invalid-input notices.
 * @csspart error - The error box (shown, not announced).
 * @csspart retry-button - The error's Retry button; none where retrying cannot help (the site's configuration: not configured, not mounted, origin or key refused, an untrusted proxy-url; a refused request, 400).
 *
 * @cssprop --kyi-asset-card-padding - Inner padding (default 1rem).
 * @cssprop --kyi-asset-card-background - Card background.
 * @cssprop --kyi-asset-card-border - Card border (default 1px solid the border colour).
 * @cssprop --kyi-asset-card-image-size - Token image size (default 48px).
 *
 * @fires kyi-status - A lookup settled: `{ status, result }` (`verified`, `not-found`, `invalid`, `error`).
 * @fires kyi-error - The lookup failed, or copying failed: `{ code, message }`.
 * @fires kyi-copy - The user copied an address: `{ value }`.
 */
export class KyiAssetCard extends KyiLookupElement<AssetRecord> {
  static override styles = [...sharedStyles, blockStyles, assetCardStyles];

  protected static override inputs: readonly PropertyKey[] = ['proxyUrl', 'accountId', 'chain', 'address'];

  static override properties = {
    accountId: { reflect: true, attribute: 'account-id' },
    chain: { reflect: true },
    address: { reflect: true },
    headingLevel: { type: Number, attribute: 'heading-level' },
    ...internalState('_imageFailed', '_expanded', '_allAuthorities', '_copyMessage'),
  };

  // (declared, not assigned: a property starts undefined, and assigning it undefined changes nothing, reactive.ts)
  /** CAIP-10 account ID of the asset, e.g. `solana:5eykt4…:EPjF…` (use this, or `chain` + `address`). @default undefined */
  declare accountId: string | undefined;
  /** Chain name, e.g. `solana` or `ethereum` (with `address`). @default undefined */
  declare chain: string | undefined;
  /** Token address (with `chain`). @default undefined */
  declare address: string | undefined;
  /** Level (1–6) of the card's name heading; its sections' titles sit one level below. Default 3. */
  headingLevel: number = DEFAULT_HEADING_LEVEL;

  /** The record whose image failed to load: its link is not tried again; a new record's is (it may have been re-signed). */
  // (declared: each starts undefined, which reads as none, collapsed, the first ten, no message)
  declare private _imageFailed: AssetRecord | undefined;
  declare private _expanded: boolean | undefined;
  declare private _allAuthorities: boolean | undefined;
  declare private _copyMessage: string | undefined;
  #copyTimer: ReturnType<typeof setTimeout> | undefined;

  /** The asset record of the last lookup (`null` when none). */
  get result(): AssetRecord | null {
    return this._result;
  }

  /** Its attributes, checked (only `account-id`, `chain` and `address` are read). @internal */
  protected checkInput(): InputCheck {
    return checkAssetInput(this);
  }

  /** @internal */
  protected readonly lookup = lookupAsset as LookupFunction<AssetRecord>;

  protected override fingerprint(): string {
    const r = this._result;
    // (a list in a template literal is its items joined by commas)
    return `${this._status}|${r?.business_details?.business_verified}|${(r?.token_details.authorities ?? []).map((a) => `${a.address}:${a.verified}`)}`;
  }

  /** Copies `value`; "Copied" (or "Could not copy") shows for 4 s, a card moved meanwhile included. */
  async #copy(value: string): Promise<void> {
    clearTimeout(this.#copyTimer);
    try {
      const board = clipboard();
      if (!board?.writeText) throw new Error('The clipboard is not available');
      await board.writeText(value);
      this._copyMessage = this.t('common.copied');
      emit(this, new KyiCopyEvent({ value }));
    } catch (error) {
      this._copyMessage = this.t('common.copyFailed');
      emit(this, new KyiErrorEvent({ code: 'copy_failed', message: error instanceof Error ? error.message : 'Copy failed' }));
    }
    this.#copyTimer = setTimeout(() => (this._copyMessage = ''), 4000);
  }

  #address(address: string): ElementView {
    const short = shortAddress(address);
    return [
      'span',
      { class: 'address-row' },
      ['bdi', { part: 'address', class: 'address mono', title: address }, ['span', { 'aria-hidden': 'true' }, short], ['span', { class: 'visually-hidden' }, address]],
      [
        'button',
        { part: 'copy-button', class: 'button small', 'aria-label': this.t('assetCard.copyAddress', { address: short }), '@click': () => void this.#copy(address) },
        this.t('common.copy'),
      ],
    ];
  }

  #link(url: string | null | undefined, label: string, part = 'link'): ElementView | undefined {
    const href = safeHttpUrl(url);
    if (!href) return undefined;
    return [
      'li',
      {},
      ['a', { class: 'action-link', target: '_blank', rel: 'noopener noreferrer', part, href }, label, ['span', { class: 'visually-hidden' }, ` ${this.t('common.opensInNewTab')}`]],
    ];
  }

  /** One authority; `revealed`: the first one "Show all" revealed, where focus goes. */
  #authority(a: Authority, revealed: boolean): ElementView {
    const type = a.authority_type ?? '';
    const typeLabel = type
      ? (tMaybe(`assetCard.authorityType.${type}`, undefined, this.renderLang) ?? humanize(type))
      : this.t('assetCard.authorityUnknown');
    const accountType = a.account_type
      ? (tMaybe(`assetCard.accountType.${a.account_type}`, undefined, this.renderLang) ?? humanize(a.account_type))
      : '';
    const signers = a.multisig_signers ?? [];
    return [
      'li',
      { part: 'authority', class: 'authority', tabindex: revealed ? '-1' : undefined },
      [
        'div',
        { class: 'authority-head' },
        ['bdi', { class: 'authority-type', title: typeLabel }, typeLabel],
        [
          'span',
          { class: `status-text ${a.verified ? 'yes' : 'no'}` },
          ...mark(!!a.verified, this.t(a.verified ? 'assetCard.authorityVerified' : 'assetCard.authorityNotVerified')),
        ],
      ],
      a.address ? this.#address(a.address) : undefined,
      accountType && ['span', { class: 'muted' }, `${this.t('assetCard.accountType')}: `, ['bdi', {}, accountType]],
      signers.length > 0 && [
        'details',
        { class: 'signers' },
        ['summary', {}, this.t('assetCard.signers', { count: signers.length })],
        ['ul', {}, ...signers.map((s): ElementView => ['li', {}, this.#address(s)])],
      ],
    ];
  }

  #header(r: AssetRecord, name: string): ElementView {
    const td = r.token_details;
    const image = this._imageFailed === r ? undefined : safeHttpUrl(td.token_image);
    // the first letter or digit of the ticker or name (never a bidi control or a bracket of markup)
    const initial = `${td.token_ticker ?? ''}${td.token_name ?? ''}`.match(/[\p{L}\p{N}]/u)?.[0] ?? '?';
    return [
      'header',
      { part: 'header', class: 'header' },
      image
        ? [
            'img',
            // `loading` before `src`: the image is asked for lazily, however the browser reads them. Its size
            // is the styles' (`--_img`, both sides), so no width or height attributes.
            { part: 'image', class: 'image', loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer', src: image, alt: this.t('assetCard.imageAlt'), '@error': () => (this._imageFailed = r) },
          ]
        : ['span', { part: 'placeholder', class: 'placeholder', 'aria-hidden': 'true' }, initial],
      [
        'div',
        { class: 'titles' },
        ['p', headingAttributes(headingLevelOf(this.headingLevel), { part: 'name', class: 'name' }), ['bdi', {}, name]],
        [
          'div',
          { class: 'meta' },
          td.token_ticker
            ? ['bdi', { part: 'ticker', class: 'ticker', title: td.token_ticker }, ['span', { class: 'visually-hidden' }, `${this.t('assetCard.ticker')}: `], td.token_ticker]
            : undefined,
          ['span', { part: 'chain', class: 'chain' }, ['span', { class: 'visually-hidden' }, `${this.t('assetCard.chain')}: `], ['bdi', {}, chainName(td.chain)]],
        ],
      ],
    ];
  }

  /**
   * One verdict: the headline is the weaker of the two claims (asset verified, business
   * verified), the line under it the other claim and the issuer. Nothing beside it disagrees.
   */
  #verdict(r: AssetRecord): ElementView {
    const bd = r.business_details;
    const warned = bd ? bd.business_verified !== true : false;
    const headline = this.t(warned ? 'assetCard.businessNotVerified' : 'assetCard.verifiedAsset');
    // The kit's claim (none without business details), never the issuer's words: the name sits
    // after it, isolated in a <bdi>.
    const claim: ElementView | undefined = !bd
      ? undefined
      : warned
        ? ['span', { class: 'claim' }, this.t('assetCard.assetVerified')]
        : ['span', { part: 'kyb-claim', class: 'claim status-text yes' }, ...mark(true, this.t('assetCard.businessVerified'))];
    const issuerName = bd?.business_name?.trim();
    return [
      'section',
      { part: 'status', class: `verdict ${warned ? 'warn' : 'ok'}` },
      warned ? warnMark : checkMark,
      [
        'div',
        {},
        ['p', { part: 'status-label', class: 'verdict-label' }, headline],
        [
          'p',
          { part: 'issuer', class: 'issuer' },
          claim,
          claim && ['span', { 'aria-hidden': 'true' }, ' · '],
          issuerName
            ? ['span', {}, `${this.t('assetCard.issuer')}: `, ['bdi', { class: 'issuer-name', title: issuerName }, issuerName]]
            : ['span', {}, this.t('assetCard.unknownIssuer')],
        ],
      ],
    ];
  }

  /** A section's small heading. */
  #title(key: StringKey): ElementView {
    return ['p', headingAttributes(headingLevelOf(this.headingLevel) + 1, { class: 'section-title' }), this.t(key)];
  }

  #description(r: AssetRecord): ElementView | undefined {
    const description = r.business_details?.business_description?.trim() ?? '';
    if (!description) return undefined;
    const long = description.length > DESCRIPTION_CLAMP_CHARS;
    // Clamped: a class of the text, not of the section (a view's class names its node, view.ts),
    // so the section and its toggle stay the same nodes and the toggle keeps focus.
    return [
      'section',
      { part: 'description', class: 'description' },
      this.#title('assetCard.description'),
      ['p', { class: long && !this._expanded ? 'clamped' : undefined }, ['bdi', {}, description]],
      long && [
        'button',
        { class: 'link-button', 'aria-expanded': this._expanded ? 'true' : 'false', '@click': () => (this._expanded = !this._expanded) },
        this.t(this._expanded ? 'assetCard.showLess' : 'assetCard.showMore'),
      ],
    ];
  }

  #links(r: AssetRecord): ElementView | undefined {
    const links = [
      this.#link(r.website_url, this.t('assetCard.website')),
      this.#link(r.whitepaper_url, this.t('assetCard.whitepaper')),
      this.#link(r.asset_url, this.t('assetCard.verifiedPage'), 'link verified-link'),
    ].filter((l) => l !== undefined);
    return links.length ? ['ul', { part: 'links', class: 'links', 'aria-label': this.t('assetCard.links') }, ...links] : undefined;
  }

  #authorities(r: AssetRecord): ElementView {
    const authorities = r.token_details.authorities ?? [];
    const shown = this._allAuthorities ? authorities : authorities.slice(0, AUTHORITIES_SHOWN);
    return [
      'section',
      {},
      this.#title('assetCard.authorities'),
      authorities.length
        ? ['ul', { part: 'authorities', class: 'authorities' }, ...shown.map((a, i) => this.#authority(a, i === AUTHORITIES_SHOWN))]
        : ['p', { class: 'muted' }, this.t('assetCard.noAuthorities')],
      authorities.length > AUTHORITIES_SHOWN && !this._allAuthorities && [
        'button',
        {
          class: 'link-button',
          // The button goes away with its press: focus moves to the first authority it revealed, not to the page.
          '@click': () => {
            this._allAuthorities = true;
            void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('.authority[tabindex]')?.focus());
          },
        },
        this.t('assetCard.showAllAuthorities', { count: authorities.length }),
      ],
    ];
  }

  #attestation(r: AssetRecord): ElementView | undefined {
    if (!r.attestation_address) return undefined;
    return ['section', { part: 'attestation' }, this.#title('assetCard.attestation'), this.#address(r.attestation_address)];
  }

  #renderRecord(r: AssetRecord): ElementView {
    const name = r.token_details.token_name?.trim() || this.t('assetCard.untitled');
    return [
      'article',
      { part: 'base', class: 'card', 'aria-label': name },
      this.#header(r, name),
      this.#verdict(r),
      this.#description(r),
      this.#links(r),
      this.#authorities(r),
      this.#attestation(r),
      this.#footer(),
    ];
  }

  /** A card with no record: a notice or an error, and the footer unless `footer` is false. */
  #card(content: ElementView, footer = true): ElementView {
    return ['div', { part: 'base', class: 'card' }, content, footer && this.#footer()];
  }

  /** The not-found and invalid-input notices: a card with a title and a sentence (holding the page's chain name, isolated). */
  #notice(title: StringKey, detail: string, footer = true): ElementView {
    return this.#card(['div', { part: 'notice', class: 'notice' }, ['span', { class: 'notice-title' }, this.t(title)], ['bdi', {}, detail]], footer);
  }

  #footer(): ElementView {
    return [
      'div',
      { class: 'footer' },
      ['span', { part: 'actions' }, ['slot', { name: 'actions' }]],
      ['span', { class: 'copy-status', role: 'status' }, this._copyMessage],
    ];
  }

  /** The loading card: the sections of a typical record, line for line, so settling moves little. */
  #skeleton(): ElementView {
    const bone = (kind: string): ElementView => ['span', { part: 'skeleton', class: `skeleton ${kind}` }];
    const stack = (...kinds: string[]): ElementView => ['div', { class: 'stack' }, ...kinds.map(bone)];
    return [
      'div',
      { part: 'base', class: 'card skeleton-card', 'aria-busy': 'true' },
      ['div', { class: 'header' }, bone('round'), stack('w-60', 'w-40')],
      ['div', { class: 'verdict' }, bone('verdict-mark'), stack('w-40', 'w-75')],
      stack('w-30', 'w-90'),
      stack('w-40', 'w-60'),
      stack('w-30', 'block'),
      ['span', { class: 'visually-hidden' }, this.t('assetCard.loading')],
    ];
  }

  /** What the card shows: one view (view.ts), nothing while idle. @internal */
  override render(): View {
    switch (this._status) {
      case 'loading':
        return this.#skeleton();
      case 'not-found': {
        // The chain it names (it has no record): the `chain` attribute, or the account id's chain
        // id (a lookup was made, so the account id passed the CAIP-10 check: its chain id is what
        // comes before the last ":").
        const id = this.accountId?.trim() ?? '';
        return this.#notice('assetCard.notFound', this.t('assetCard.notFoundDetail', { chain: chainName(this.chain || id.slice(0, id.lastIndexOf(':'))) }));
      }
      case 'invalid':
        // Words for the visitor; what exactly is wrong with the markup goes to the console (lookup-element.ts).
        return this.#notice('assetCard.invalid', this.t('assetCard.invalidHelp'), false);
      case 'error':
        return this.#card(errorBoxView(this.t('assetCard.error'), this.errorMessage(), this.errorRetry(), this.t('common.retry')));
    }
    // idle: nothing; verified: the record
    return this._result ? this.#renderRecord(this._result) : undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-asset-card': KyiAssetCard;
  }
}
