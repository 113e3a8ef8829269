/**
 * The dialog's second presentation: `modal`, centred over the page. It is the same
 * `<dialog>` as the drawer (same parts, focus handling, backdrop and Escape), with the
 * `modal` class added. Public knobs: `--kyi-verify-button-modal-width` (default 760px) and
 * `--kyi-verify-button-modal-height` (default 90vh); on a narrow screen it fills the viewport.
 */
import { css } from 'lit';

export const modalStyles = css`
  .drawer.modal {
    inset: 0;
    margin: auto;
    width: min(var(--kyi-verify-button-modal-width, 760px), calc(100vw - 2rem));
    height: min(var(--kyi-verify-button-modal-height, 90vh), calc(100% - 2rem));
    border-radius: var(--_kyi-radius);
    box-shadow: 0 1rem 3rem rgb(0 0 0 / 0.3);
    overflow: hidden;
  }
  .drawer.modal[open] {
    animation: kyi-modal-in 160ms ease-out;
  }
  @keyframes kyi-modal-in {
    from {
      opacity: 0;
      transform: scale(0.96);
    }
  }
  @media (max-width: 40rem) {
    .drawer.modal {
      width: 100vw;
      height: 100%;
      border-radius: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .drawer.modal[open] {
      animation: none;
    }
  }
`;
