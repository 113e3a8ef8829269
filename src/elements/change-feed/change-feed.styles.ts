import { css } from 'lit';

/** Styles of `<kyi-change-feed>` (after the shared theme, and the monitoring layout). */
export const changeFeedStyles = css`
  :host {
    --_list-gap: var(--kyi-change-feed-gap, 0.5rem);
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
    gap: 0.5rem 1rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
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
    gap: 0 1.5rem;
    min-inline-size: 0;
  }
  .check {
    display: flex;
    align-items: center;
    gap: 0.375rem;
    min-block-size: 2em;
    min-inline-size: 0;
    font-weight: 500;
  }
  .check > span {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  .check > input {
    flex: none;
    margin: 0;
  }
  /* the watched assets: their own full-width row, in columns; scrolls past about eight rows */
  .choices {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr));
    gap: 0 1rem;
    min-inline-size: 0;
    margin: 0;
    padding: 0.25rem 0.5rem 0.375rem;
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius-small);
    max-block-size: 16.5em;
    overflow: auto;
  }
  legend {
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
  }
  .banner {
    padding: 0.5em 0.75em;
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
    font-weight: 500;
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
    font-weight: 600;
  }
`;
