/**
 * Headings inside cards and feeds: a card's name, its section titles, a change's headline are
 * headings a screen-reader user can jump between, at the level the partner's page needs
 * (`heading-level`, 1–6, default 3); a section inside sits one level below.
 *
 * One rule, `headingAttributes`: the asset card gives them to a paragraph of its views
 * (`['p', headingAttributes(…), …]`); the monitoring elements, still on Lit templates, bind the
 * same attributes in theirs (`MonitoringElement.renderTitle`). No template library here: the
 * asset card's page loads none.
 */

export const DEFAULT_HEADING_LEVEL = 3;

/** `level` (the `heading-level` attribute) as a heading level: an integer from 1 to 6, else the default. */
export function headingLevelOf(level: unknown): number {
  const n = Number(level);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : DEFAULT_HEADING_LEVEL;
}

/** What makes a paragraph a heading at `level` (capped at 6), with `part` and `class` (their own values: left out when not given): its attributes. */
export function headingAttributes(level: number, attrs: { part?: string; class?: string } = {}) {
  return { role: 'heading', 'aria-level': Math.min(6, level), ...attrs };
}
