import { css, type StylesGroup } from './reactive.js';
import { blockStyles } from './blocks.styles.js';
import { sharedStyles } from './styles.js';

/** Layout of the monitoring elements: a stacked section with a header, rows and lists. */
export const monitoringStyles = css`
  :host {
    /* the edge of a text field or select: at least 3:1 against the surface (WCAG 1.4.11) with
       the default colours, derived from the themed muted text and surface */
    --_kyi-control-border: color-mix(in srgb, var(--_kyi-text-muted) 72%, var(--_kyi-surface));
    display: block;
    max-inline-size: 100%;
  }
  /* more contrast asked for: controls' edges as text (borders as muted text, theme.styles.ts) */
  @media (prefers-contrast: more) {
    :host {
      --_kyi-control-border: var(--_kyi-text);
    }
  }
  /* headings are paragraphs with a heading role (heading.ts) */
  p,
  ol,
  ul,
  form,
  fieldset {
    margin: 0;
  }
  .base {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space-3);
  }
  .heading {
    font-size: var(--_kyi-font-size-large);
    font-weight: var(--_kyi-weight-strong);
    line-height: var(--_kyi-leading-tight);
  }
  .row,
  .more {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_kyi-space-2);
  }
  .row.head,
  .more {
    justify-content: space-between;
  }
  .list {
    display: flex;
    flex-direction: column;
    gap: var(--_list-gap, var(--_kyi-space-2));
    padding: 0;
    list-style: none;
  }
  .item {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space);
    padding: var(--_kyi-space-3);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius);
    background: var(--_item-background, var(--_kyi-surface-raised));
    min-inline-size: 0;
  }
  .title {
    font-weight: var(--_kyi-weight-strong);
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_kyi-space) var(--_kyi-space-3);
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
  .tag {
    display: inline-block;
    padding: 0 var(--_kyi-space-2);
    border: 1px solid var(--_kyi-border);
    border-radius: var(--_kyi-radius-pill);
    font-size: var(--_kyi-font-size-small);
    white-space: nowrap;
  }
  .inline-error {
    color: var(--_kyi-danger);
    font-size: var(--_kyi-font-size-small);
    overflow-wrap: anywhere;
  }
  .button.primary {
    color: var(--_kyi-accent-text);
    background: var(--_kyi-accent);
    border-color: var(--_kyi-accent);
  }
  .button.danger {
    color: var(--_kyi-danger);
  }
  /* a notice instead of the data (signed out, no access, nothing yet): a dashed box */
  .notice {
    padding: var(--_kyi-space-2) var(--_kyi-space-3);
    border: 1px dashed var(--_kyi-border);
    border-radius: var(--_kyi-radius);
  }
  label,
  legend {
    font-size: var(--_kyi-font-size-small);
    font-weight: var(--_kyi-weight-strong);
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
    padding: var(--_kyi-space) var(--_kyi-space-2);
    min-block-size: 2em;
  }
  input[type='text'] {
    flex: 1 1 20ch;
    min-inline-size: 0;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space);
  }
  .loading {
    display: flex;
    flex-direction: column;
    gap: var(--_kyi-space-2);
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

/** The styles of a monitoring element: the shared theme and building blocks, the monitoring layout, then its own. */
export function withMonitoringStyles(own: StylesGroup): StylesGroup[] {
  return [...sharedStyles, blockStyles, monitoringStyles, own];
}
