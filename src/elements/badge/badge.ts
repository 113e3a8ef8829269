import { internalState, KyiReactiveElement, type PropertyValues } from '../shared/reactive.js';
import { parseBadgeOptions, type BadgeOptions } from '../../contract/badge.js';
import { BADGE_THEMES } from '../../contract/badge-enums.js';
import { invalidValue, isOneOf } from '../../contract/one-of.js';
import { emit, KyiErrorEvent } from '../../browser/event-base.js';
import { configuredHttpUrl, getConfig, type KyiTheme } from '../../browser/config.js';
import { badgeSources, imageSchemeOf, imageView } from '../shared/badge-image.js';
import { show, type ElementView } from '../shared/view.js';
import { themeStyles } from '../shared/theme.styles.js';
import { badgeStyles } from './badge.styles.js';
import './strings.js';

/** `theme` values of `<kyi-badge>`: the service's two themes plus `auto` (the page's `KyiTheme` values). */
const BADGE_ELEMENT_THEMES: readonly KyiTheme[] = ['auto', ...BADGE_THEMES];

/** Height of the `full` pill as served (spec 4.1); its width is the artwork's own, never guessed here. */
const FULL_PILL_HEIGHT = 32;

/** The text fallback of an `icon` badge: the credential's mark in the icon's own square box. */
const FALLBACK_MARK: ElementView = [
  'svg',
  { class: 'mark', viewBox: '0 0 20 20', 'aria-hidden': 'true' },
  ['path', { d: 'M5 10.5l3.2 3.2L15 6.8', fill: 'none', stroke: 'currentColor', 'stroke-width': '2.4', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }],
];

type Resolved =
  | { ok: true; options: BadgeOptions; theme: KyiTheme; href: string | undefined }
  | { ok: false; message: string };

/**
 * @tag kyi-badge
 * @summary The service's verification badge image for a credential, with explicit size,
 * lazy loading and alt text naming the credential and saying it is a badge: "KYI verified badge (static claim)".
 *
 * **A badge alone is a static claim**: the image says "verified" whatever the token's
 * state (spec 4.1, badge rule 5). To say a specific token is verified, use
 * `<kyi-token-status>`, which shows the badge only after a live lookup confirmed it.
 *
 * An invalid attribute renders nothing and fires `kyi-error` (`invalid_attribute`), so the
 * page never requests a URL the service would reject. When the image fails to load, the
 * credential's name is shown as text instead.
 *
 * @csspart base - The wrapper (a link when `href` is set).
 * @csspart image - The badge `<img>`.
 * @csspart label - Shown when the image cannot load: the credential's name in a pill (`full`), or its mark in the icon's box with the name as text for assistive technology (`icon`).
 *
 * @cssprop --kyi-badge-label-color - Text colour of the fallback label.
 * @cssprop --kyi-badge-label-background - Background of the fallback label.
 *
 * @fires kyi-error - `invalid_attribute` when an attribute is invalid; `image_failed` when the image does not load.
 */
export class KyiBadge extends KyiReactiveElement {
  // The theme and the few shared rules a badge uses (not the building blocks of the data elements).
  static override styles = [themeStyles, badgeStyles];

  static override properties = {
    credential: { reflect: true },
    variant: { reflect: true },
    theme: { reflect: true },
    format: { reflect: true },
    size: { type: Number, reflect: true },
    href: { reflect: true },
    ...internalState('_failed'),
  };

  /** Credential type: `kyi_verified` or `proof_of_collateral`. */
  credential: string = 'kyi_verified';
  /** `icon` (square mark) or `full` (pill with the credential name, 32 px high). */
  variant: string = 'icon';
  /** `dark`, `light`, or `auto` (default) to follow `configure({ theme })`, else the page's `color-scheme`. */
  theme: string = 'auto';
  /** Image format: `svg` or `png`. */
  format: string = 'svg';
  /** Icon size in px: 16, 24, 32 or 64 (64 shows the 32 px asset scaled up). Ignored for `full`. */
  size: number = 24;
  // (declared, not assigned: a property starts undefined, and assigning it undefined changes nothing, reactive.ts)
  /** Optional link target, http(s) only (e.g. the asset's verified page). Opens in a new tab. @default undefined */
  declare href: string | undefined;

  /** The image failed to load (false from the first update on: `willUpdate`). */
  declare private _failed: boolean;
  // No Lit templates: the few nodes of a badge are described as data (`content`, views) and
  // shown by patching (a loaded image stays loaded) (a badge-only page then loads no template library); a server render
  // writes the same description as HTML.
  #resolved: Resolved | undefined;
  #reportedInvalid: string | undefined;
  #sourceKey: string | undefined;

  /** The badge image URL for the current attributes (the light one for `auto`), or `undefined` when invalid. */
  get src(): string | undefined {
    const r = this.#resolve();
    if (!r.ok) return undefined;
    return badgeSources(getConfig().badgeBaseUrl, r.options, imageSchemeOf(this))?.at(-1);
  }

  #resolve(): Resolved {
    // A problem is told once per message: each names the attribute and its value.
    // The image's theme is the scheme in effect on the element (`imageSchemeOf`): the options'
    // own (the route's default) is unused.
    const theme = this.theme ?? 'auto';
    if (!isOneOf(BADGE_ELEMENT_THEMES, theme)) return { ok: false, message: invalidValue('theme', theme, BADGE_ELEMENT_THEMES) };
    const parsed = parseBadgeOptions(String(this.credential ?? ''), {
      variant: String(this.variant ?? ''),
      format: String(this.format ?? ''),
      size: Number.isFinite(this.size) ? this.size : String(this.getAttribute('size') ?? this.size),
    });
    if (!parsed.ok) return parsed;
    let href: string | undefined;
    if (this.href) {
      href = configuredHttpUrl(this.href);
      if (!href) return { ok: false, message: `Invalid href "${this.href}": only http(s) links are allowed` };
    }
    return { ok: true, options: parsed.value, theme, href };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.#resolved = this.#resolve();
    // A new source (or none, when invalid) is tried afresh.
    const key = JSON.stringify([this.#resolved, getConfig().badgeBaseUrl]);
    if (key !== this.#sourceKey) {
      this.#sourceKey = key;
      this._failed = false;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const r = this.#resolved;
    if (r && !r.ok) {
      if (this.#reportedInvalid !== r.message) {
        this.#reportedInvalid = r.message;
        emit(this, new KyiErrorEvent({ code: 'invalid_attribute', message: r.message }));
      }
    } else {
      this.#reportedInvalid = undefined;
    }
  }

  /**
   * The image failed to load: the fallback shows instead. An `error` of a request the image no
   * longer makes (its source changed: new theme, new base) arrives while the new one loads, and
   * says nothing about it.
   */
  #imageFailed = (event: Event): void => {
    if (!(event.target as HTMLImageElement).complete || this._failed) return;
    this._failed = true;
    emit(this, new KyiErrorEvent({ code: 'image_failed', message: 'The badge image could not be loaded' }));
  };

  /** What stands in for the image: the credential's name in a pill, or for an icon a mark in the icon's box; named as the image is. */
  #fallback(options: Omit<BadgeOptions, 'theme'>, name: string, label: string): ElementView {
    if (options.variant === 'full')
      return ['span', { part: 'label', class: 'label full' }, ['span', { 'aria-hidden': 'true' }, name], ['span', { class: 'visually-hidden' }, label]];
    return ['span', { part: 'label', class: `label icon s${options.size}`, title: label }, FALLBACK_MARK, ['span', { class: 'visually-hidden' }, label]];
  }

  protected override update(changed: PropertyValues): void {
    super.update(changed);
    show(this.renderRoot, this.content());
  }

  /**
   * What the badge shows, as views (none when invalid): the image or its fallback, in a link when
   * `href` is set. Patched in the browser; written as HTML by a server render (src/render/badge.ts). @internal
   */
  protected content(): ElementView[] {
    const r = this.#resolved ?? this.#resolve();
    if (!r.ok) return [];
    // The credential's name, as the pill shows it ("KYI verified"), and the badge's, which says it
    // is a badge, a static claim (a live status's says "live check"): "KYI verified badge (static claim)".
    const name = this.t(`badge.credential.${r.options.credential}`);
    const label = this.t('badge.claim', { credential: name });
    const box =
      r.options.variant === 'full'
        ? { height: FULL_PILL_HEIGHT } // (its width: its words')
        : { width: r.options.size, height: r.options.size };
    const sources = this._failed ? undefined : badgeSources(getConfig().badgeBaseUrl, r.options, imageSchemeOf(this));
    const content = sources ? imageView(sources, label, box, this.#imageFailed) : this.#fallback(r.options, name, label);
    return [
      r.href
        ? ['a', { part: 'base', href: r.href, target: '_blank', rel: 'noopener noreferrer' }, content, ['span', { class: 'visually-hidden' }, this.t('common.opensInNewTab')]]
        : ['span', { part: 'base' }, content],
    ];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'kyi-badge': KyiBadge;
  }
}
