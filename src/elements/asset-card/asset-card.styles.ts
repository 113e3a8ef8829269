import { css } from 'lit';

/** Styles of `<kyi-asset-card>` (the shared theme comes first, from styles.ts). */
export const assetCardStyles = css`
  :host {
    --_img: var(--kyi-asset-card-image-size, 48px);
    display: block;
    max-width: 100%;
    min-width: 0;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: 0.875rem;
    padding: var(--kyi-asset-card-padding, 1rem);
    background: var(--kyi-asset-card-background, var(--_kyi-surface));
    border: var(--kyi-asset-card-border, 1px solid var(--_kyi-border));
    border-radius: var(--_kyi-radius);
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .card,
  .titles,
  .stack,
  ul.authorities,
  li.authority {
    display: flex;
    flex-direction: column;
    min-width: 0;
    max-width: 100%;
  }
  bdi {
    unicode-bidi: isolate;
  }
  .header {
    display: grid;
    grid-template-columns: var(--_img) minmax(0, 1fr);
    gap: 0.75rem;
    align-items: center;
    min-width: 0;
  }
  .image,
  .placeholder {
    width: var(--_img);
    height: var(--_img);
    border-radius: 50%;
    object-fit: cover;
    background: var(--_kyi-surface-raised);
  }
  .placeholder {
    display: grid;
    place-items: center;
    font-weight: 700;
    font-size: var(--_kyi-font-size-large);
    color: var(--_kyi-text-muted);
    border: 1px solid var(--_kyi-border);
    overflow: hidden;
  }
  .titles {
    gap: 0.125rem;
  }
  .name {
    margin: 0;
    font-size: var(--_kyi-font-size-large);
    font-weight: 700;
    line-height: 1.25;
  }
  .name,
  .clamped p {
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
  }
  .clamped p {
    -webkit-line-clamp: 5;
    line-clamp: 5;
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
    gap: 0.25rem 0.75rem;
    min-width: 0;
  }
  .meta,
  .address-row,
  .status-text,
  .section-title,
  .signers,
  .copy-status {
    font-size: var(--_kyi-font-size-small);
  }
  .meta,
  .muted,
  .section-title,
  .signers summary,
  .copy-status {
    color: var(--_kyi-text-muted);
  }
  .meta {
    gap: 0.375rem;
  }
  .authority-head,
  .footer {
    justify-content: space-between;
  }
  .address-row {
    gap: 0.25rem 0.5rem;
  }
  .footer,
  .links {
    gap: 0.5rem 1rem;
  }
  /* one line, cut with an ellipsis */
  .ticker,
  .chain,
  .authority-type,
  .address {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .ticker {
    max-width: 12em;
  }
  .ticker,
  .issuer-name,
  .authority-type,
  .section-title {
    font-weight: 600;
  }
  .chip {
    padding: 0 0.5em;
    border: 1px solid var(--_kyi-border);
    border-radius: 999px;
  }
  .status-text {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
  }
  .yes {
    color: var(--_kyi-success);
  }
  .no {
    color: var(--_kyi-warning);
  }
  .mark {
    width: 1em;
    height: 1em;
    flex: none;
  }
  /* the verdict: one headline, one line under it */
  .verdict {
    display: grid;
    grid-template-columns: 1.5em minmax(0, 1fr);
    gap: 0.125rem 0.5rem;
    align-items: start;
    padding: 0.5rem 0.75rem;
    background: var(--_kyi-surface-raised);
    border-inline-start: 3px solid currentColor;
    border-radius: var(--_kyi-radius-small);
  }
  .verdict.ok {
    color: var(--_kyi-success);
  }
  .verdict.warn {
    color: var(--_kyi-warning);
  }
  .verdict-mark {
    width: 1.5em;
    height: 1.5em;
  }
  .verdict-text {
    min-width: 0;
  }
  .verdict-label {
    margin: 0;
    font-weight: 700;
    line-height: 1.5rem;
  }
  /* the issuer's whole name, wrapped, never clamped (WCAG 1.4.10, 1.4.12) */
  .issuer {
    margin: 0;
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-text);
    overflow-wrap: anywhere;
  }
  .claim {
    font-weight: 600;
    /* the check-marked kyb-claim (a status-text): its words on the line's baseline, the check centred on them */
    align-items: baseline;
  }
  .claim .mark {
    align-self: center;
  }
  .skeleton-card .verdict {
    color: var(--_kyi-border);
  }
  .skeleton.verdict-mark {
    border-radius: 50%;
  }
  .section-title {
    margin: 0 0 0.25rem;
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  .description p {
    margin: 0;
    white-space: pre-line;
  }
  .link-button {
    margin-top: 0.25rem;
    padding: 0;
    font: inherit;
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-accent);
    background: none;
    border: 0;
    text-decoration: underline;
    cursor: pointer;
  }
  .links,
  ul.authorities {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ul.authorities,
  .stack {
    gap: 0.5rem;
  }
  li.authority {
    gap: 0.25rem;
    padding: 0.5rem 0.625rem;
    background: var(--_kyi-surface-raised);
    border-radius: var(--_kyi-radius-small);
  }
  .signers summary {
    /* a target of 24 px at least (WCAG 2.5.8) */
    min-block-size: 24px;
    align-content: center;
    cursor: pointer;
  }
  .signers ul {
    margin: 0.25rem 0 0;
    padding-inline-start: 1.25rem;
  }
  /* loading */
  .skeleton.round {
    width: var(--_img);
    height: var(--_img);
    border-radius: 50%;
  }
  .skeleton.line {
    display: block;
    height: 0.9em;
  }
  .skeleton.block {
    display: block;
    height: 4.5em;
    border-radius: var(--_kyi-radius-small);
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
