import { css } from 'lit';

/** Styles of `<kyi-change-feed>` (after the shared theme, and the monitoring layout). */
export const changeFeedStyles = css`
  .list {
    gap: var(--kyi-change-feed-gap, 0.5rem);
  }
  .filters {
    display: flex;
    flex-flow: row wrap;
    align-items: flex-end;
    gap: 0.5rem 1rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
  }
  .check {
    display: inline-flex;
    align-items: center;
    gap: 0.375rem;
    font-weight: 500;
  }
  .days {
    inline-size: 6em;
  }
  fieldset {
    margin: 0;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--_kyi-border);
    border-radius: calc(var(--_kyi-radius) / 2);
    max-block-size: 10rem;
    overflow: auto;
  }
  legend {
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
  }
  .banner {
    padding: 0.5em 0.75em;
    border: 1px solid var(--_kyi-warning);
    border-left-width: 4px;
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
  .direction[data-direction='weakens'] {
    color: var(--_kyi-danger);
  }
  .direction[data-direction='strengthens'] {
    color: var(--_kyi-success);
  }
  .direction[data-direction='mixed'] {
    color: var(--_kyi-warning);
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
