import { css } from '../shared/reactive.js';
import { spinnerStyles } from './spinner.styles.js';

/**
 * Styles of the drawer (its host node's, `.drawer-host`, are the button's); the progress indicator it shares
 * with the button is `spinnerStyles` (spinner.styles.ts). The host element adopts them after the shared theme styles
 * (constructable stylesheets are not subject to CSP `style-src`), so light/dark follow the
 * host's `--_kyi-*` tokens and the shared `:focus-visible` ring applies. Logical properties
 * throughout, so a right-to-left page gets the drawer at its left edge, sliding in from there.
 * On a phone (≤ 30rem wide) drawer and modal fill the screen. Public knobs:
 * `--kyi-verify-button-drawer-width` (default 760px, never wider than the viewport),
 * `--kyi-verify-button-drawer-background`,
 * `--kyi-verify-button-backdrop`; and the centred modal's (`mode="modal"`), at the end.
 */
export { spinnerStyles };

export const drawerStyles = css`
  .drawer {
    --_slide-from: 100%;
    --_open: kyi-drawer-in;
    position: fixed;
    inset-block: 0;
    inset-inline: auto 0;
    inline-size: min(var(--kyi-verify-button-drawer-width, 760px), 100%);
    max-inline-size: 100%;
    block-size: 100%;
    max-block-size: 100%;
    margin: 0;
    padding: 0;
    border: 0;
    background: var(--kyi-verify-button-drawer-background, var(--_kyi-surface));
    color: var(--_kyi-text);
    box-shadow: 0 0 2rem rgb(0 0 0 / 0.25);
  }
  .drawer:dir(rtl) {
    --_slide-from: -100%;
  }
  .drawer[open] {
    display: flex;
    animation: var(--_open) 160ms ease-out;
  }
  .drawer::backdrop {
    background: var(--kyi-verify-button-backdrop, rgb(0 0 0 / 0.45));
  }
  /* Header and loading cover lie over the frame, so the widget does not move when they go. */
  .drawer-panel {
    position: relative;
    display: flex;
    flex: 1;
    min-inline-size: 0;
  }
  .drawer-body {
    flex: 1;
    min-inline-size: 0;
  }
  /* Focus rests on the labelled dialog once the widget is the chrome: a ring inside its edge.
     :focus, not only :focus-visible: the dialog is focused by script, whatever opened it. The
     frame fills the dialog and is painted over the dialog's own outline, so the ring seen is
     drawn above the frame, by ::after (the outline stays for what reads computed styles). */
  .drawer:focus {
    outline: 3px solid var(--_kyi-focus);
    outline-offset: -3px;
  }
  .drawer:focus::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 2;
    border: 3px solid var(--_kyi-focus);
    border-radius: inherit;
    pointer-events: none;
  }
  @media (forced-colors: active) {
    .drawer:focus::after {
      border-color: Highlight;
    }
  }
  .drawer-close:focus {
    outline: 2px solid var(--_kyi-focus);
    outline-offset: -2px;
  }
  .drawer-header,
  .drawer-status,
  .drawer-close {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: var(--_kyi-space-2);
    margin: 0;
  }
  .drawer-header {
    position: absolute;
    inset-block-start: 0;
    inset-inline: 0;
    z-index: 1;
    padding-block: var(--_kyi-space-2);
    padding-inline: var(--_kyi-space-4) var(--_kyi-space-2);
    border-block-end: 1px solid var(--_kyi-border);
    background: var(--kyi-verify-button-drawer-background, var(--_kyi-surface));
  }
  .drawer-title {
    flex: 1;
    margin: 0;
    font-size: var(--_kyi-font-size-large);
    font-weight: var(--_kyi-weight-strong);
  }
  .drawer-close {
    inline-size: 2.75rem;
    block-size: 2.75rem;
    padding: 0;
    border: 0;
    border-radius: var(--_kyi-radius);
    background: none;
    color: inherit;
    cursor: pointer;
  }
  .drawer-close:hover {
    background: rgb(127 127 127 / 0.15);
  }
  .drawer-status {
    position: absolute;
    inset: 0;
    padding: var(--_kyi-space-4);
    background: var(--kyi-verify-button-drawer-background, var(--_kyi-surface));
  }
  .drawer-header[hidden],
  .drawer-status[hidden] {
    display: none;
  }
  .drawer-frame {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    border: 0;
  }
  @keyframes kyi-drawer-in {
    from {
      transform: translateX(var(--_slide-from));
    }
  }

  /* The dialog's second presentation, mode="modal", centred over the page. It is the same
     <dialog> as the drawer (same parts, focus handling, backdrop and Escape), with the modal
     class added. Public knobs: --kyi-verify-button-modal-width (default 760px) and
     --kyi-verify-button-modal-height (default 90vh); on a phone (≤ 30rem wide) it fills the
     viewport: no side gap, no rounded corners. */
  .drawer.modal {
    --_open: kyi-modal-in;
    inset: 0;
    margin: auto;
    inline-size: min(var(--kyi-verify-button-modal-width, 760px), calc(100% - 2rem));
    block-size: min(var(--kyi-verify-button-modal-height, 90vh), calc(100% - 2rem));
    border-radius: var(--_kyi-radius);
    box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.3);
    overflow: hidden;
  }
  @keyframes kyi-modal-in {
    from {
      opacity: 0;
      transform: scale(0.96);
    }
  }
  /* on a phone: no shadow (the drawer fills the screen), and the modal fills it too */
  @media (max-width: 30rem) {
    .drawer,
    .drawer.modal {
      box-shadow: none;
    }
    .drawer.modal {
      inline-size: 100%;
      block-size: 100%;
      border-radius: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .drawer[open] {
      animation: none;
    }
  }
`;
