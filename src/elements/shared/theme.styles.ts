/**
 * Theme styles of every kit element, and the few shared rules even a badge uses.
 *
 * Public theme tokens, set them anywhere above the element (e.g. on `:root`):
 *   --kyi-color-text, --kyi-color-text-muted, --kyi-color-surface, --kyi-color-surface-raised,
 *   --kyi-color-border, --kyi-color-accent, --kyi-color-accent-text, --kyi-color-success,
 *   --kyi-color-warning, --kyi-color-danger, --kyi-color-focus, --kyi-color-skeleton,
 *   --kyi-font-family, --kyi-font-family-mono, --kyi-font-size, --kyi-font-size-small,
 *   --kyi-font-size-large, --kyi-radius, --kyi-radius-small, --kyi-space.
 *
 * One visual system (docs/elements.md, "Theming"), in the private tokens every element reads,
 * and nothing else (test/node/style-tokens.test.ts fails on a raw value in any *.styles.ts):
 * - type: three sizes (`--_kyi-font-size-small` 13 px: details, labels of controls, tags;
 *   `--_kyi-font-size` 15 px: body and status words; `--_kyi-font-size-large` 17 px: names and
 *   titles), two weights (normal, and `--_kyi-weight-strong` 600: labels, titles, buttons),
 *   two line heights (`--_kyi-leading` 1.4 for
 *   text, `--_kyi-leading-tight` 1.2 for titles, buttons and pills);
 * - radii: `--_kyi-radius` 8 px for containers (cards, rows, alerts), `--_kyi-radius-small`
 *   4 px for controls and inner blocks, `--_kyi-radius-pill` for pills (tags, switches, the
 *   badge's label) and circles (icons, token images: a pill on a square);
 * - spacing: one scale on `--_kyi-space` (0.25rem): `--_kyi-space`, `--_kyi-space-2`,
 *   `--_kyi-space-3`, `--_kyi-space-4` (4, 8, 12, 16 px);
 * - colour: text, muted text, surface, raised surface, border, accent, success, warning,
 *   danger, focus, and the skeleton's;
 * - one status anatomy (icon + words + optional detail), one loading treatment (skeleton
 *   blocks) and one error layout (title, message, action, each on its own line).
 * Elements read the private `--_kyi-*` copies below (the type and spacing scales, and the
 * colours a badge paints: a badge-only page loads this module alone) and in styles.ts (the
 * colours no badge paints: muted text, raised surface, border, warning, danger; accent text and
 * the large type size in blocks.styles.ts, with the elements that use them),
 * which fall back to light or dark defaults following the colour scheme in effect on the host
 * (the page's `color-scheme`, `configure({ theme })`, or the element's `theme` attribute,
 * strongest last). Per-element tokens (`--kyi-<element>-<prop>`) fall back to these in each
 * element's own styles. A public token read in one place only is read there, with its default,
 * and needs no copy: the font family below, the monospace one (`.mono`, blocks.styles.ts), the
 * skeleton colour (`.skeleton`, styles.ts).
 */
import { css } from './reactive.js';

/**
 * The theme tokens (all but the colours no badge paints, in styles.ts), `:host([hidden])`, base
 * typography, and the shared rules every element uses, a badge too: visually hidden text, links,
 * the focus ring. Include first in every element. Each colour's default is a `light-dark()`
 * pair, resolved against the colour scheme in effect on the host: the page's own `color-scheme`
 * (inherited), unless `configure({ theme })` or the element's `theme` attribute sets one (see
 * `KyiElement`). A page that declares no scheme gets light elements; one that declares
 * `light dark` follows the visitor's OS.
 */
export const themeStyles = css`
  :host {
    --_kyi-text: var(--kyi-color-text, light-dark(#16181d, #eceef2));
    --_kyi-surface: var(--kyi-color-surface, light-dark(#ffffff, #15171c));
    --_kyi-accent: var(--kyi-color-accent, light-dark(#1d4ed8, #8ab4ff));
    --_kyi-success: var(--kyi-color-success, light-dark(#116b35, #6fdc99));
    --_kyi-focus: var(--kyi-color-focus, light-dark(#1d4ed8, #8ab4ff));
    --_kyi-font-size: var(--kyi-font-size, 0.9375rem);
    --_kyi-font-size-small: var(--kyi-font-size-small, 0.8125rem);
    --_kyi-weight-strong: 600;
    --_kyi-leading: 1.4;
    --_kyi-leading-tight: 1.2;
    --_kyi-radius: var(--kyi-radius, 8px);
    --_kyi-radius-small: var(--kyi-radius-small, calc(var(--_kyi-radius)/2));
    --_kyi-radius-pill: 999px;
    --_kyi-space: var(--kyi-space, 0.25rem);
    --_kyi-space-2: calc(2*var(--_kyi-space));
    --_kyi-space-3: calc(3*var(--_kyi-space));
    --_kyi-space-4: calc(4*var(--_kyi-space));
    /* every browser the kit runs in (light-dark(), :state()) knows system-ui: no older fallbacks */
    font-family: var(--kyi-font-family, system-ui, sans-serif);
    font-size: var(--_kyi-font-size);
    line-height: var(--_kyi-leading);
    color: var(--_kyi-text);
    box-sizing: border-box;
    /* Contains the absolutely positioned .visually-hidden text, which would otherwise escape a
       scrolling container around the element and stretch the page. */
    position: relative;
  }
  :host(:state(kyi-light)) {
    color-scheme: light;
  }
  :host(:state(kyi-dark)) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  /* Each run of text takes its direction from its own words (like dir="auto"): on a right-to-left
     page, English strings and upstream names keep their punctuation in place and an ellipsis
     cuts their end, not their start; the layout itself still follows the page's direction. */
  /* (the elements the kit renders text in; its headings are paragraphs, heading.ts, but the drawer's h2) */
  p, span, a, button, label, legend, li, h2, summary {
    unicode-bidi: plaintext;
  }
  /* …and lines up with the page's start edge whatever its own direction */
  :host(:dir(rtl)) {
    text-align: right;
  }

  /* The shared rules a badge needs too: visually hidden text, links, the focus ring. */
  /* (only ever on a span: no padding or border to reset) */
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }

  a {
    color: var(--_kyi-accent);
    text-underline-offset: 0.15em;
  }

  :focus-visible {
    outline: 2px solid var(--_kyi-focus);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;
