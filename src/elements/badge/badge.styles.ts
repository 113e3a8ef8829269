import { css } from '../shared/reactive.js';

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
    border-radius: var(--_kyi-radius);
  }
  img {
    display: block;
    max-width: 100%;
    object-fit: contain;
  }
  .label {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    max-width: 100%;
    padding: 0 var(--_kyi-space-2);
    line-height: var(--_kyi-leading-tight);
    font-size: var(--_kyi-font-size-small);
    font-weight: var(--_kyi-weight-strong);
    white-space: nowrap;
    overflow: hidden;
    color: var(--kyi-badge-label-color, var(--_kyi-success));
    background: var(--kyi-badge-label-background, var(--_kyi-surface));
    border: 1px solid currentColor;
    border-radius: var(--_kyi-radius-pill);
  }
  .label.full {
    min-height: 32px;
  }
  /* an icon stays an icon: its own square box, the name as text for assistive technology only */
  .label.icon {
    width: var(--_size);
    height: var(--_size);
    padding: 0;
    border-radius: var(--_kyi-radius-small);
  }
  .s16 {
    --_size: 16px;
  }
  .s24 {
    --_size: 24px;
  }
  .s32 {
    --_size: 32px;
  }
  .s64 {
    --_size: 64px;
  }
  .mark {
    width: 75%;
    height: 75%;
  }
`;
