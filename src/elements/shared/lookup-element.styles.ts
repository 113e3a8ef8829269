import { css } from 'lit';

/** While a lookup element waits quietly (no skeleton flash), its loading box keeps its size and shows nothing. */
export const waitingStyles = css`
  [aria-busy='true'][data-kyi-waiting] {
    visibility: hidden;
  }
`;
