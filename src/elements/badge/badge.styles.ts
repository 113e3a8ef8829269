import { css } from 'lit';

/** Styles of `<kyi-badge>` (after the shared theme). */
export const badgeStyles = css`
  :host {
    display: inline-flex;
    vertical-align: middle;
    line-height: 0;
  }
  [part~='base'] {
    display: inline-flex;
    align-items: center;
    line-height: 0;
    border-radius: var(--_kyi-radius);
  }
  img {
    display: block;
    max-width: 100%;
    object-fit: contain;
  }
  [part~='label'] {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    max-width: 100%;
    padding: 0 0.5em;
    line-height: 1.1;
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    color: var(--kyi-badge-label-color, var(--_kyi-success));
    background: var(--kyi-badge-label-background, var(--_kyi-surface));
    border: 1px solid currentColor;
    border-radius: 999px;
    min-height: 1.75em;
  }
`;
