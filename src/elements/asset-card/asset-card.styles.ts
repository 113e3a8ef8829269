import { css } from '../shared/reactive.js';

/**
 * Styles of `<kyi-asset-card>` (the shared theme comes first, from styles.ts). One box, the
 * card: inside it the verdict, the sections and the authorities are separated by space and
 * hairlines, never boxes of their own; section titles are words in sentence case.
 */
export const assetCardStyles = css`
  :host {
    --_img: var(--kyi-asset-card-image-size, 48px);
    display: block;
    max-width: 100%;
    min-width: 0;
  }
  .card {
    gap: var(--_kyi-space-4);
    padding: var(--kyi-asset-card-padding, var(--_kyi-space-4));
    background: var(--kyi-asset-card-background, var(--_kyi-surface));
    border: var(--kyi-asset-card-border, 1px solid var(--_kyi-border));
    border-radius: var(--_kyi-radius);
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  /* columns: their items take the column's width (stretched), never their content's */
  .card,
  .titles,
  .stack,
  .authorities,
  .authority {
    display: flex;
    flex-direction: column;
  }
  /* a card with no record says so in the card's own box: its error draws none (nor its notice) */
  .card > .alert {
    padding: 0;
    border: 0;
  }
  .notice-title {
    display: block;
    color: var(--_kyi-text);
  }
  .header {
    display: grid;
    grid-template-columns: var(--_img) minmax(0, 1fr);
    gap: var(--_kyi-space-3);
    align-items: center;
  }
  .image,
  .placeholder,
  .skeleton.round {
    width: var(--_img);
    height: var(--_img);
  }
  .image,
  .placeholder,
  .skeleton.round,
  .skeleton.verdict-mark {
    border-radius: var(--_kyi-radius-pill);
  }
  .image,
  .placeholder {
    object-fit: cover;
    background: var(--_kyi-surface-raised);
  }
  .placeholder {
    display: grid;
    place-items: center;
    font-size: var(--_kyi-font-size-large);
    border: 1px solid var(--_kyi-border);
    overflow: hidden;
  }
  .titles {
    gap: var(--_kyi-space);
  }
  .name {
    font-size: var(--_kyi-font-size-large);
    line-height: var(--_kyi-leading-tight);
  }
  /* clamped to lines: -webkit-line-clamp is every engine's (none reads an unprefixed line-clamp) */
  .name,
  .clamped {
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }
  .clamped {
    -webkit-line-clamp: 5;
  }
  /* wrapping rows */
  .meta,
  .authority-head,
  .address-row,
  .footer,
  .links {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_kyi-space) var(--_kyi-space-3);
  }
  .meta,
  .address-row,
  .status-text,
  .section-title,
  .signers,
  .copy-status,
  .issuer {
    font-size: var(--_kyi-font-size-small);
  }
  .meta,
  .muted,
  .section-title,
  .signers summary,
  .copy-status,
  .placeholder {
    color: var(--_kyi-text-muted);
  }
  .meta {
    gap: var(--_kyi-space-2);
  }
  .authority-head,
  .footer {
    justify-content: space-between;
  }
  .address-row {
    gap: var(--_kyi-space) var(--_kyi-space-2);
  }
  .footer,
  .links {
    gap: var(--_kyi-space-2) var(--_kyi-space-4);
  }
  /* one line, cut with an ellipsis (an item of a wrapping row, shrunk to its line) */
  .ticker,
  .chain,
  .authority-type,
  .address {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .ticker {
    max-width: 12em;
  }
  /* the card's strong words: its name, titles, labels, claims */
  .notice-title,
  .placeholder,
  .name,
  .ticker,
  .issuer-name,
  .authority-type,
  .section-title,
  .verdict-label,
  .claim {
    font-weight: var(--_kyi-weight-strong);
  }
  .chain {
    padding: 0 var(--_kyi-space-2);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius-pill);
  }
  .status-text {
    display: inline-flex;
    align-items: center;
    gap: var(--_kyi-space);
  }
  /* a claim that holds (its mark, the verdict), and one that does not */
  .yes,
  .ok {
    color: var(--_kyi-success);
  }
  .no,
  .warn {
    color: var(--_kyi-warning);
  }
  /* the marks (marks.ts, icon): round strokes, shapes unfilled unless they say otherwise */
  svg {
    fill: none;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .mark {
    width: 1em;
    height: 1em;
    flex: none;
  }
  /* the verdict: the status anatomy (icon, words, detail), no box of its own */
  .verdict {
    display: grid;
    grid-template-columns: 1.25em minmax(0, 1fr);
    gap: 0 var(--_kyi-space-2);
    align-items: start;
  }
  .verdict-mark {
    /* the icon of the status anatomy, centred on the label's line */
    width: 1.25em;
    height: calc(var(--_kyi-leading) * 1em);
  }
  /* the issuer's whole name, wrapped (anywhere, as the card's text), never clamped (WCAG 1.4.10, 1.4.12) */
  .issuer {
    color: var(--_kyi-text);
  }
  .claim {
    /* the check-marked kyb-claim (a status-text): its words on the line's baseline, the check centred on them */
    align-items: baseline;
  }
  .claim .mark {
    align-self: center;
  }
  .section-title {
    margin: 0 0 var(--_kyi-space);
  }
  .description p {
    white-space: pre-line;
  }
  .link-button {
    margin-top: var(--_kyi-space);
    padding: 0;
    font: inherit;
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-accent);
    background: none;
    border: 0;
    text-decoration: underline;
    cursor: pointer;
  }
  .name,
  .verdict-label,
  .issuer,
  .description p,
  .links,
  .authorities {
    margin: 0;
  }
  .links,
  .authorities {
    padding: 0;
    list-style: none;
  }
  .stack {
    gap: var(--_kyi-space-2);
  }
  /* the authorities: a list divided by hairlines */
  .authority {
    gap: var(--_kyi-space);
    padding-block: var(--_kyi-space-2);
    border-block-start: 1px solid var(--_kyi-border);
  }
  .authority:last-child {
    padding-block-end: 0;
  }
  .signers summary {
    /* a target of 24 px at least (WCAG 2.5.8) */
    min-block-size: 24px;
    align-content: center;
    cursor: pointer;
  }
  .signers ul {
    margin: var(--_kyi-space) 0 0;
    padding-inline-start: var(--_kyi-space-4);
  }
  /* loading */
  /* (every skeleton line and block is an item of a column, .stack: a block box, the height of
     a line the skeleton's min-height, styles.ts) */
  .skeleton.block {
    height: 4.5em;
  }
  .w-30 {
    width: 30%;
  }
  .w-40 {
    width: 40%;
  }
  .w-60 {
    width: 60%;
  }
  .w-75 {
    width: 75%;
  }
  .w-90 {
    width: 90%;
  }
`;
