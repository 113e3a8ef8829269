import { css } from '../shared/reactive.js';

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
  /* the chevron turns at once: no motion to opt out of */
  .filters-toggle .chevron {
    inline-size: 1em;
    block-size: 1em;
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
    min-inline-size: 0;
    font-weight: normal;
    cursor: pointer;
  }
  .check > span {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  /* A checkbox drawn like the selects beside it (their edge, radius and accent), in a target of
     24 × 24 px (WCAG 2.5.8): the box and its check are the input's own pseudo-elements (in
     forced colours, their edges in system colours: the check shows on the box). */
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
  /* the watched assets: their own full-width row, in columns, no box inside the filters' box;
     scrolls past about eight rows */
  .choices {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
    gap: 0 var(--_kyi-space-4);
    min-inline-size: 0;
    padding: 0;
    border: 0;
    max-block-size: 16.5em;
    overflow: auto;
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
    font-weight: normal;
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
