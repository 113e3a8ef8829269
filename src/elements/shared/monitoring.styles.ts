import { css, type CSSResultGroup } from 'lit';
import { sharedStyles } from './styles.js';

/** Layout of the monitoring elements: a stacked section with a header, rows and lists. */
export const monitoringStyles = css`
  :host {
    display: block;
    max-inline-size: 100%;
  }
  .base {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .heading {
    margin: 0;
    font-size: var(--_kyi-font-size-large);
    font-weight: 650;
  }
  .subheading {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .row.head {
    justify-content: space-between;
  }
  .list {
    display: flex;
    flex-direction: column;
    gap: var(--_list-gap, 0.5rem);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .item {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    padding: 0.625rem 0.75rem;
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
    background: var(--_item-background, var(--_kyi-surface-raised));
    min-inline-size: 0;
  }
  .item:focus-visible {
    outline: 2px solid var(--_kyi-accent);
    outline-offset: 2px;
  }
  .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 0.75rem;
  }
  .muted {
    color: var(--_kyi-text-muted);
  }
  .small {
    font-size: var(--_kyi-font-size-small);
  }
  /* an address shown whole (nothing to copy from a tooltip), broken anywhere on a narrow screen */
  .address {
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  /* one colour per meaning: a watch state, a change's direction */
  [data-tone='good'] {
    color: var(--_kyi-success);
  }
  [data-tone='warn'] {
    color: var(--_kyi-warning);
  }
  [data-tone='bad'] {
    color: var(--_kyi-danger);
  }
  .more {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .tag {
    display: inline-block;
    padding: 0.05em 0.5em;
    border: 1px solid var(--_kyi-border);
    border-radius: 999px;
    font-size: var(--_kyi-font-size-small);
    line-height: 1.5;
    white-space: nowrap;
  }
  .inline-error {
    margin: 0;
    color: var(--_kyi-danger);
    font-size: var(--_kyi-font-size-small);
    overflow-wrap: anywhere;
  }
  .button.danger {
    color: var(--_kyi-danger);
  }
  label {
    font-size: var(--_kyi-font-size-small);
    font-weight: 600;
  }
  input[type='text'],
  input[type='number'],
  select,
  textarea {
    font: inherit;
    color: inherit;
    background: var(--_kyi-surface);
    border: 1px solid var(--_kyi-control-border);
    border-radius: var(--_kyi-radius-small);
    padding: var(--_kyi-space) calc(2 * var(--_kyi-space));
    min-block-size: 2em;
  }
  input[type='text'] {
    flex: 1 1 20ch;
    min-inline-size: 0;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: 0.375rem;
    margin: 0;
  }
  p {
    margin: 0;
  }
  .loading {
    display: flex;
    flex-direction: column;
    gap: calc(2 * var(--_kyi-space));
  }
  .loading .skeleton {
    display: block;
    block-size: 1em;
    inline-size: min(100%, 24em);
  }
  .loading .skeleton.short {
    inline-size: min(60%, 14em);
  }
`;

/** The styles of a monitoring element: the shared theme, the monitoring layout, then its own. */
export function withMonitoringStyles(own: CSSResultGroup): CSSResultGroup[] {
  return [...sharedStyles, monitoringStyles, own];
}
