import { css } from 'lit';

/** Styles of `<kyi-change-feed>` (after the shared theme, and the monitoring layout). */
export const changeFeedStyles = css`
  :host {
    --_list-gap: var(--kyi-change-feed-gap, var(--_kyi-space-2));
  }
  /* the layout follows the element's own width, not the page's */
  .base {
    container-type: inline-size;
  }
  /* Wide: the filters always shown, no button. Narrow (a phone): folded behind Filters. */
  .filters-toggle {
    display: none;
    align-self: flex-start;
    min-block-size: 2.75em;
  }
  .filters-toggle .chevron {
    inline-size: 1em;
    block-size: 1em;
    transition: transform 0.15s;
  }
  .filters-toggle[aria-expanded='true'] .chevron {
    transform: rotate(90deg);
  }
  :host(:dir(rtl)) .filters-toggle[aria-expanded='false'] .chevron {
    transform: scaleX(-1);
  }
  @container (max-width: 30rem) {
    .filters-toggle {
      display: inline-flex;
    }
    .filters:not(.open) {
      display: none;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .filters-toggle .chevron {
      transition: none;
    }
  }
  /* a grid: the selects share one column width, the checkboxes line up, nothing wraps raggedly */
  .filters {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr));
    align-items: end;
    gap: var(--_kyi-space-2) var(--_kyi-space-4);
    padding: var(--_kyi-space-3);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space);
    min-inline-size: 0;
  }
  .field select,
  .field input {
    inline-size: 100%;
    block-size: 2.25em;
    box-sizing: border-box;
  }
  .checks {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_kyi-space-4);
    min-inline-size: 0;
  }
  .check {
    display: flex;
    align-items: center;
    gap: var(--_kyi-space);
    min-block-size: 2em;
    min-inline-size: 0;
    font-weight: var(--_kyi-weight-medium);
    cursor: pointer;
  }
  .check > span {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  /* A checkbox drawn like the selects beside it (their edge, radius and accent), in a target of
     24 × 24 px (WCAG 2.5.8): the box and its check are the input's own pseudo-elements. */
  .check > input {
    appearance: none;
    flex: none;
    display: inline-grid;
    place-items: center;
    inline-size: 24px;
    block-size: 24px;
    margin: 0;
    border-radius: var(--_kyi-radius-small);
    cursor: inherit;
  }
  .check > input::before,
  .check > input::after {
    content: '';
    grid-area: 1 / 1;
  }
  .check > input::before {
    inline-size: 1rem;
    block-size: 1rem;
    border: 1px solid var(--_kyi-control-border);
    border-radius: var(--_kyi-radius-small);
    background: var(--_kyi-surface);
  }
  .check > input:checked::before {
    border-color: var(--_kyi-accent);
    background: var(--_kyi-accent);
  }
  .check > input:checked::after {
    inline-size: 0.3rem;
    block-size: 0.55rem;
    border: solid var(--_kyi-accent-text);
    border-width: 0 2px 2px 0;
    transform: translateY(-1px) rotate(45deg);
  }
  .check > input:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  @media (forced-colors: active) {
    .check > input::before {
      border-color: ButtonText;
    }
    .check > input:checked::before {
      forced-color-adjust: none;
      border-color: Highlight;
      background: Highlight;
    }
    .check > input:checked::after {
      forced-color-adjust: none;
      border-color: HighlightText;
    }
    .check > input:disabled::before {
      border-color: GrayText;
    }
  }
  /* the watched assets: their own full-width row, in columns; scrolls past about eight rows */
  .choices {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
    gap: 0 var(--_kyi-space-4);
    min-inline-size: 0;
    margin: 0;
    padding: var(--_kyi-space) var(--_kyi-space-2) var(--_kyi-space-2);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius-small);
    max-block-size: 16.5em;
    overflow: auto;
  }
  legend {
    font-size: var(--_kyi-font-size-small);
    font-weight: var(--_kyi-weight-strong);
  }
  .banner {
    padding: var(--_kyi-space-2) var(--_kyi-space-3);
    border: 1px solid var(--_kyi-warning);
    border-inline-start-width: 4px;
    border-radius: var(--_kyi-radius);
  }
  .change[data-provisional] {
    border-style: dashed;
  }
  /* quieter, but never below text contrast: muted color, smaller type, no fill */
  .change[data-low-signal] {
    color: var(--kyi-change-feed-quiet-color, var(--_kyi-text-muted));
    background: transparent;
    border-style: dotted;
    font-size: var(--_kyi-font-size-small);
  }
  .change[data-low-signal] .title {
    font-weight: var(--_kyi-weight-medium);
  }
  .tag.new {
    border-color: var(--_kyi-accent);
    color: var(--_kyi-accent);
  }
  .tag.provisional {
    border-style: dashed;
    color: var(--_kyi-warning);
  }
  .tag[data-materiality='material'] {
    border-color: var(--_kyi-danger);
  }
  del,
  ins {
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  del {
    color: var(--_kyi-text-muted);
  }
  ins {
    font-weight: var(--_kyi-weight-strong);
  }
`;
