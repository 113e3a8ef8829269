import { css } from '../shared/reactive.js';

/** Styles of `<kyi-verify-button>` (after the shared theme). */
export const verifyButtonStyles = css`
  :host {
    display: inline-flex;
    flex-direction: column;
    align-items: flex-start;
    gap: var(--_kyi-space-2);
    max-width: 100%;
  }
  /* The wrapper of the button's nodes (a view is one element) and the drawer's host node: no box
     of their own (the wrapper's children are the host's flex items; an empty drawer host takes no
     gap), from the first paint, not from when the drawer's styles arrive. */
  .parts,
  .drawer-host {
    display: contents;
  }
  .verify {
    --_bg: var(--kyi-verify-button-background, var(--_kyi-accent));
    min-height: 2.75rem;
    padding: var(--_kyi-space-2) var(--_kyi-space-4);
    font-size: var(--_kyi-font-size);
    color: var(--kyi-verify-button-color, var(--_kyi-accent-text));
    background: var(--_bg);
    border-color: var(--_bg);
  }
  .verify:hover {
    border-color: var(--_bg);
    filter: brightness(1.08);
  }
  .verify[aria-busy='true'] {
    cursor: progress;
  }
  /* The kit's error layout (title, then message; the button above is the action), below the
     button so the button stays where it was: a width of its own (up to a readable measure,
     never wider than the page's column), not the button's. */
  .error {
    inline-size: max-content;
    max-inline-size: min(22em, 100%);
    font-size: var(--_kyi-font-size-small);
  }
`;
