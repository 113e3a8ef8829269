/**
 * The asset card's icons: the verdict's marks and the small marks beside a claim, drawn once as
 * module constants (a view shown again is known unchanged by its attributes object, view.ts).
 */
import type { ElementView, View } from '../shared/view.js';

/**
 * An icon of the card: `shapes` in a 20 × 20 box, hidden from assistive technology (the words
 * beside it say it). Its strokes are round and its shapes unfilled unless they say otherwise
 * (the card's styles, `svg`).
 */
const icon = (className: string, ...shapes: ElementView[]): ElementView => ['svg', { class: className, viewBox: '0 0 20 20', 'aria-hidden': 'true' }, ...shapes];

/** The verdict's marks: a check (both claims hold) or a warning triangle (the business is not verified). */
export const checkMark = icon(
  'verdict-mark',
  ['circle', { cx: 10, cy: 10, r: 9, fill: 'currentColor' }],
  ['path', { d: 'M5.6 10.4l3 3 5.8-6.2', stroke: 'var(--_kyi-surface)', 'stroke-width': 2.2 }],
);
export const warnMark = icon(
  'verdict-mark',
  ['path', { d: 'M10 1.8l8.8 15.4H1.2z', fill: 'currentColor', stroke: 'currentColor' }],
  ['path', { d: 'M10 7.2v4.6', stroke: 'var(--_kyi-surface)', 'stroke-width': 2 }],
  ['circle', { cx: 10, cy: 14.4, r: 1.1, fill: 'var(--_kyi-surface)' }],
);

/** The small marks beside a claim: a check (it holds) or a dash (it does not). */
const yesMark = icon('mark', ['path', { d: 'M5 10.5l3.2 3.2L15 6.8', stroke: 'currentColor', 'stroke-width': 2.2 }]);
const noMark = icon(
  'mark',
  ['circle', { cx: 10, cy: 10, r: 7.5, stroke: 'currentColor', 'stroke-width': 1.8 }],
  ['path', { d: 'M6.5 10h7', stroke: 'currentColor', 'stroke-width': 1.8 }],
);

/** A check (yes) or dash (no) mark and its words; the colour comes from the parent. */
export const mark = (yes: boolean, label: string): View[] => [yes ? yesMark : noMark, ['span', {}, label]];
