import { css } from '../shared/reactive.js';

/** The progress indicator of the button (while a token is fetched) and of the drawer (until the widget is ready). */
export const spinnerStyles = css`
  .spinner {
    width: 1em;
    height: 1em;
    flex: none;
    border: 2px solid;
    border-inline-end-color: transparent;
    border-radius: var(--_kyi-radius-pill);
    animation: kyi-spin 0.8s linear infinite;
  }
  @keyframes kyi-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 2.4s;
    }
  }
`;
