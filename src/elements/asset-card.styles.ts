import { css } from 'lit';

/** Styles of `<kyi-asset-card>` (the shared theme comes first, from styles.ts). */
export const assetCardStyles = css`
  :host {
    --_pad: var(--kyi-asset-card-padding, 1rem);
    --_bg: var(--kyi-asset-card-background, var(--_kyi-surface));
    --_border: var(--kyi-asset-card-border, 1px solid var(--_kyi-border));
    --_img: var(--kyi-asset-card-image-size, 48px);
    display: block;
    max-width: 100%;
    min-width: 0;
  }
  .card {
    display: flex;
    flex-direction: column;
    gap: 0.875rem;
    max-width: 100%;
    min-width: 0;
    padding: var(--_pad);
    background: var(--_bg);
    border: var(--_border);
    border-radius: var(--_kyi-radius);
    overflow: hidden;
    overflow-wrap: anywhere;
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
    font-size: calc(var(--_img) * 0.4);
    color: var(--_kyi-text-muted);
    border: 1px solid var(--_kyi-border);
    overflow: hidden;
  }
  .titles {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
    min-width: 0;
  }
  .name {
    margin: 0;
    font-size: 1.125em;
    font-weight: 700;
    line-height: 1.25;
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    align-items: center;
    min-width: 0;
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-text-muted);
  }
  .ticker,
  .chain {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .ticker {
    font-weight: 600;
    max-width: 12em;
  }
  .chip {
    padding: 0 0.5em;
    border: 1px solid var(--_kyi-border);
    border-radius: 999px;
  }
  .verified-tag {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    color: var(--_kyi-success);
    font-weight: 600;
  }
  .mark {
    width: 1em;
    height: 1em;
    flex: none;
  }
  .mark.yes {
    color: var(--_kyi-success);
  }
  .mark.no {
    color: var(--_kyi-warning);
  }
  .issuer {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: center;
    min-width: 0;
  }
  .issuer-name {
    font-weight: 600;
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
  }
  .status-text {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    font-size: var(--_kyi-font-size-small);
  }
  .status-text.yes {
    color: var(--_kyi-success);
  }
  .status-text.no {
    color: var(--_kyi-warning);
  }
  .section-title {
    margin: 0 0 0.25rem;
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
    color: var(--_kyi-text-muted);
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  .description p {
    margin: 0;
    white-space: pre-line;
  }
  .description.clamped p {
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 5;
    line-clamp: 5;
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
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  ul.authorities {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li.authority {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    min-width: 0;
    padding: 0.5rem 0.625rem;
    background: var(--_kyi-surface-raised);
    border-radius: calc(var(--_kyi-radius) * 0.75);
  }
  .authority-head {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
    align-items: center;
    justify-content: space-between;
    min-width: 0;
  }
  .authority-type {
    font-weight: 600;
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .address-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.5rem;
    align-items: center;
    min-width: 0;
    font-size: var(--_kyi-font-size-small);
  }
  .address {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .muted {
    color: var(--_kyi-text-muted);
  }
  details.signers {
    font-size: var(--_kyi-font-size-small);
  }
  details.signers summary {
    cursor: pointer;
    color: var(--_kyi-text-muted);
  }
  details.signers ul {
    margin: 0.25rem 0 0;
    padding-left: 1.25rem;
  }
  .footer {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    justify-content: space-between;
    min-width: 0;
  }
  .copy-status {
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-text-muted);
  }
  /* loading */
  .skeleton-card .header .skeleton.round {
    width: var(--_img);
    height: var(--_img);
    border-radius: 50%;
  }
  .skeleton.line {
    display: block;
    height: 0.9em;
  }
  .w-60 {
    width: 60%;
  }
  .w-40 {
    width: 40%;
  }
  .w-90 {
    width: 90%;
  }
  .w-75 {
    width: 75%;
  }
  .stack {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
`;
