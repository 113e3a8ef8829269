import { css } from 'lit';

/**
 * While a lookup element waits quietly (no skeleton flash), its loading box keeps its size and
 * shows nothing. The reveal marks the box itself (`data-kyi-revealed`), not the host: a host
 * attribute change restyles the element's whole shadow tree, and 500 statuses reveal at once.
 */
export const waitingStyles = css`
  :host([data-kyi-waiting]) [aria-busy='true']:not([data-kyi-revealed]) {
    visibility: hidden;
  }
`;
