import { css } from '../shared/reactive.js';

/**
 * Styles of `<kyi-token-status>` (the shared theme comes first, from styles.ts).
 *
 * No layout shift: a full status has one width in every state (`--kyi-token-status-width`)
 * and at least the height of two lines (label and issuer), so the loading skeleton takes the
 * box of the settled verified or unverified status; a compact one is always one icon box.
 * In a narrower column (a grid of four on a laptop), the label and the business claim no
 * longer share a line: every full status there reserves one more small line, in every state
 * (an address without a chain one more where its chains line wraps), so the answer fits the
 * box the loading state showed.
 * No words lost (WCAG 1.4.10, 1.4.12): every line wraps, none is ellipsized; a name too long
 * for the reserved lines grows the box once, when the answer arrives, and it stays so.
 */
export const tokenStatusStyles = css`
  :host {
    --_icon: var(--kyi-token-status-icon-size, 1.25em);
    --_gap: var(--kyi-token-status-gap, 0.375em);
    /* a small line, at the line height of the theme (1.4) */
    --_small-line: calc(1.4 * var(--_kyi-font-size-small));
    /* the lines of a full status: label line + small line (one more for an address without a
       chain, below) */
    --_lines: calc(1.4em + var(--_small-line));
    /* a small line more in a column too narrow for the label and the business claim side by
       side (the strut below); an address without a chain, one more where its chains line wraps */
    --_wrap-extra: 0px;
    display: inline-block;
    inline-size: var(--kyi-token-status-width, 24em);
    max-width: 100%;
    min-width: 0;
    vertical-align: middle;
    /* Off screen, the browser skips its style, layout and paint (500 statuses on a page: only
       those in view cost a frame). Its place is the reserved box below, and once rendered the
       size it last had; the focus ring may paint outside the box. */
    content-visibility: auto;
    contain-intrinsic-size: auto none;
    overflow-clip-margin: 4px;
  }
  :host([compact]) {
    inline-size: auto;
    /* the icon box (icon + padding, at least 24 px: the retry target), before its first render on screen */
    contain-intrinsic-size: auto max(24px, var(--_icon) + 0.25em);
  }
  /* An element given a token reserves its box before its first render too: its lines, padding and border. */
  :host([caip19]:not([compact])),
  :host([address]:not([compact])) {
    min-block-size: calc(var(--_lines) + var(--_kyi-space-2) + 2px);
  }
  /* An address without a chain may be answered for several chains: room for the chains line
     (verified on …, not verified on …) from the start, so the answer moves nothing. */
  :host([address]:not([chain-slug]):not([caip19]):not([compact])) {
    --_lines: calc(1.4em + 2 * var(--_small-line));
    --_wrap-extra: var(--_small-line);
  }
  .base {
    display: flex;
    align-items: center;
    gap: var(--_gap);
    max-width: 100%;
    /* own surface, so the text stays readable whatever the page behind it (light or dark) */
    background: var(--kyi-token-status-background, var(--_kyi-surface));
  }
  /* The reserved lines, the same in every state: a strut as tall as the box's lines, plus a
     small line when the box's inner width (its padding's percentage) is under 21em, where
     "KYI verified" and "Business not verified" no longer share a line, and for an address
     without a chain another under 31em, where its chains line wraps. */
  .base:not(.compact)::before {
    content: '';
    flex: none;
    inline-size: 0;
    margin-inline-end: calc(-1 * var(--_gap));
    padding-block-end: calc(
      var(--_lines) + clamp(0px, (21em - 100%) * 1000, var(--_small-line)) + clamp(0px, (31em - 100%) * 1000, var(--_wrap-extra))
    );
  }
  /* (its height: the strut's lines, with padding and border, make the host's reserved box at least) */
  .base:not(.compact) {
    padding: var(--_kyi-space) var(--_kyi-space-3) var(--_kyi-space) var(--_kyi-space-2);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  .base.compact {
    display: inline-flex;
    position: relative;
    justify-content: center;
    /* a 24 × 24 px box at least: the compact retry icon's target (WCAG 2.5.8) fits inside it */
    min-inline-size: 24px;
    min-block-size: 24px;
    border-radius: var(--_kyi-radius-pill);
    vertical-align: middle;
  }
  .text {
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-width: 0;
  }
  .label,
  .issuer,
  .summary,
  .detail {
    overflow-wrap: anywhere;
  }
  /* one anatomy in every state: the words at the body size, the detail at the small one */
  .label {
    font-weight: var(--_kyi-weight-strong);
  }
  .issuer,
  .summary,
  .detail {
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-text-muted);
  }
  /* each state's colour (its box, and so its icon and label, unless said otherwise), the claim's */
  .verified,
  .kyb-claim {
    color: var(--_kyi-success);
  }
  .unverified,
  .warning {
    color: var(--_kyi-warning);
  }
  .not-found,
  .invalid {
    color: var(--_kyi-text-muted);
  }
  .icon.error {
    color: var(--_kyi-danger);
  }
  .verified .label {
    color: var(--kyi-token-status-verified-color, var(--_kyi-success));
  }
  .unverified .label {
    color: var(--_kyi-text);
  }
  /* The label's own row: the label, and the business claim beside it when there is room. */
  .label-row {
    display: flex;
  }
  /* The business claim, the kit's own words and mark: "Business verified" (kyb-claim) or
     "Business not verified" (warning). Never issuer data, which sits on its own line below. */
  .claim {
    display: inline-flex;
    align-items: center;
    gap: var(--_kyi-space);
    font-size: var(--_kyi-font-size-small);
    font-weight: var(--_kyi-weight-strong);
  }
  .claim-mark,
  .warning-mark {
    flex: none;
    width: 1.05em;
    height: 1.05em;
  }
  .base.warned {
    border-color: var(--_kyi-warning);
  }
  /* A verified token with an issuer: two lines at the usual widths, so the answer fits the box
     the skeleton reserved and nothing on the page moves. The business claim follows the label
     when both fit on the first line; when they do not, it starts the next line. The issuer's
     line is a whole: beside the claim when all of it fits there, else on a line of its own
     below (never split around the claim; a column that narrow reserved that line). Floats do
     that without script: the label and the claim float, and the issuer, a block formatting
     context as wide as its words, sits beside them only where it fits whole.
     (Only a full status is .claimed: the compact one shows a corner mark.) */
  .claimed .text {
    display: block;
  }
  .claimed .label-row {
    display: contents;
  }
  .claimed .label,
  .claimed .claim {
    float: inline-start;
    margin-inline-end: var(--_kyi-space-2);
  }
  .claimed .claim {
    /* centred on the label's line (its box is a small line high, the label's a full one) */
    position: relative;
    inset-block-start: calc(0.7 * (var(--_kyi-font-size) - var(--_kyi-font-size-small)));
  }
  .claimed .summary {
    display: block;
  }
  .claimed .issuer {
    display: flow-root;
    inline-size: max-content;
    max-inline-size: 100%;
    /* one label line down (the label's font size, not this line's smaller one) */
    margin-block-start: calc(var(--_kyi-leading) * var(--_kyi-font-size));
  }
  /* compact: a corner mark on the badge, inside the icon box (nothing grows) */
  .warning.corner {
    position: absolute;
    inset-block-end: -0.125em;
    inset-inline-end: -0.125em;
    font-size: var(--_icon);
    line-height: 0;
    background: inherit;
    border-radius: var(--_kyi-radius-pill);
  }
  .warning.corner .warning-mark {
    width: 0.62em;
    height: 0.62em;
  }
  /* the icon, and while loading its place: one size in every state */
  .icon,
  .icon-skeleton {
    flex: none;
    width: var(--_icon);
    height: var(--_icon);
  }
  /* loading: the same two lines as a settled status */
  .icon-skeleton {
    border-radius: var(--_kyi-radius-pill);
  }
  .line {
    display: flex;
    align-items: center;
    height: 1.4em;
  }
  .line.small {
    height: var(--_small-line);
  }
  .text-skeleton {
    width: 6em;
    height: 0.9em;
    min-height: 0;
  }
  .text-skeleton.wide {
    width: 11em;
    height: 0.75em;
  }
  .base.notice {
    border-style: dashed;
  }
  /* the error: what failed and Retry on the line of a settled status, Retry at its end (the
     words take the rest of the line) */
  .error .button {
    flex: none;
  }
  /* compact: the Retry button is the icon box itself (24 × 24 px at least, WCAG 2.5.8) */
  .retry-icon {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-inline-size: 24px;
    min-block-size: 24px;
    padding: 0;
    font: inherit;
    line-height: 0;
    background: none;
    border: 0;
    border-radius: var(--_kyi-radius-pill);
    cursor: pointer;
  }
  /* forced colours: the warning's mark keeps its cut-out, the loading box its outline */
  @media (forced-colors: active) {
    .warning-mark {
      forced-color-adjust: none;
      color: CanvasText;
    }
    /* (the second path is a line: no fill to draw) */
    .warning-mark :is(path + path, circle) {
      stroke: Canvas;
      fill: Canvas;
    }
    .base.loading {
      border-color: GrayText;
    }
  }
`;
