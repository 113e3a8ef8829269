import { css } from 'lit';

/** Styles of `<kyi-token-status>` (the shared theme comes first, from styles.ts). */
export const tokenStatusStyles = css`
  :host {
    --_icon: var(--kyi-token-status-icon-size, 1.25em);
    --_gap: var(--kyi-token-status-gap, 0.375em);
    display: inline-block;
    max-width: 100%;
    min-width: 0;
    vertical-align: middle;
  }
  .base {
    display: inline-flex;
    align-items: center;
    gap: var(--_gap);
    max-width: 100%;
    min-width: 0;
    min-height: var(--_icon);
    vertical-align: middle;
  }
  /* Own surface, so the text stays readable whatever the page behind it (light or dark). */
  .base:not(.compact):not(.error) {
    padding: 0.25em 0.625em 0.25em 0.375em;
    background: var(--kyi-token-status-background, var(--_kyi-surface));
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  .base.compact:not(.error) {
    padding: 0.125em;
    background: var(--kyi-token-status-background, var(--_kyi-surface));
    border-radius: 50%;
  }
  .text {
    display: inline-flex;
    flex-direction: column;
    min-width: 0;
    max-width: 100%;
  }
  .label,
  .issuer,
  .summary,
  .detail {
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .label {
    font-weight: 600;
  }
  .issuer,
  .summary,
  .detail {
    font-size: var(--_kyi-font-size-small);
    color: var(--_kyi-text-muted);
  }
  .verified .label {
    color: var(--kyi-token-status-verified-color, var(--_kyi-success));
  }
  .unverified .label {
    color: var(--_kyi-text);
  }
  .not-found .label {
    color: var(--_kyi-text-muted);
  }
  .badge {
    display: inline-flex;
    flex: none;
    line-height: 0;
  }
  .badge img,
  .icon {
    display: block;
    flex: none;
    width: var(--_icon);
    height: var(--_icon);
  }
  .icon.verified {
    color: var(--_kyi-success);
  }
  .icon.unverified {
    color: var(--_kyi-warning);
  }
  .icon.not-found {
    color: var(--_kyi-text-muted);
  }
  .icon-skeleton {
    flex: none;
    width: var(--_icon);
    height: var(--_icon);
    border-radius: 50%;
  }
  .text-skeleton {
    width: 7em;
    height: 1em;
  }
  .base.notice {
    flex-direction: column;
    align-items: flex-start;
    gap: 0;
    border-style: dashed;
  }
  .base.notice.compact {
    border-radius: var(--_kyi-radius);
    padding: 0 0.375em;
  }
  .error {
    display: block;
  }
  .error .alert {
    padding: 0.25em 0.5em;
  }
  .compact .alert-text {
    font-size: var(--_kyi-font-size-small);
  }
`;
