/**
 * Headings inside cards and feeds: a card's name, its section titles, a change's headline are
 * headings a screen-reader user can jump between, at the level the partner's page needs
 * (`heading-level`, 1–6, default 3); a section inside sits one level below.
 */
import { html, type TemplateResult } from 'lit';

export const DEFAULT_HEADING_LEVEL = 3;

/** `level` (the `heading-level` attribute) as a heading level: an integer from 1 to 6, else the default. */
export function headingLevelOf(level: unknown): number {
  const n = Number(level);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : DEFAULT_HEADING_LEVEL;
}

/** A heading at `level` (capped at 6) holding `content`, with `part` and `class`. */
export function heading(level: number, content: unknown, attrs: { part?: string; class?: string } = {}): TemplateResult {
  return html`<p role="heading" aria-level=${String(Math.min(6, level))} part=${attrs.part ?? ''} class=${attrs.class ?? ''}>${content}</p>`;
}
