/** Focus and announcement checks of the accessibility tests (not a test file itself). */
import { expect } from '@open-wc/testing';

/** The focused element, through open shadow roots (what a keyboard user is on). */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Asserts focus is on a control that is not `<body>`, is rendered and visible, matches
 * `:focus-visible` and draws a focus indicator (an outline of at least 2 px or a box shadow).
 * Returns the focused element.
 */
export function expectVisibleFocus(where: string): HTMLElement {
  const active = deepActiveElement();
  expect(active, `${where}: something has focus`).to.not.equal(null);
  expect(active, `${where}: focus is not lost to <body>`).to.not.equal(document.body);
  const el = active as HTMLElement;
  expect(el.checkVisibility({ visibilityProperty: true, opacityProperty: true }), `${where}: ${el.localName}.${el.className} is visible`).to.equal(true);
  const box = el.getBoundingClientRect();
  expect(box.width > 1 && box.height > 1, `${where}: ${el.localName}.${el.className} has a size`).to.equal(true);
  expect(el.matches(':focus-visible'), `${where}: ${el.localName}.${el.className} matches :focus-visible`).to.equal(true);
  const style = getComputedStyle(el);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
  expect(ring, `${where}: ${el.localName}.${el.className} draws a focus indicator`).to.equal(true);
  return el;
}

/**
 * Records what the kit's live region says from now on (each non-empty text it is given), as
 * a screen reader would hear it. `stop()` disconnects.
 */
export function recordAnnouncements(): { said: string[]; stop(): void } {
  const said: string[] = [];
  const region = () => document.querySelector('[data-kyi-live-region]')?.textContent ?? '';
  let last = region(); // what it said before is not news
  const observer = new MutationObserver(() => {
    const text = region();
    if (text !== last && text) said.push(text);
    last = text;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { said, stop: () => observer.disconnect() };
}

/** WCAG 1.4.12's spacing, applied inside the element's shadow root (a page's style does not reach it). */
export function applyTextSpacing(el: Element): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
    p { margin-block-end: 2em !important; }`);
  el.shadowRoot!.adoptedStyleSheets = [...el.shadowRoot!.adoptedStyleSheets, sheet];
}

/**
 * Text cut anywhere in the element's shadow root: a box wider inside than out, or any text
 * set to end in an ellipsis (WCAG 1.4.10 / 1.4.12: `scrollWidth ≤ clientWidth`, no ellipsis).
 */
export function cutText(el: Element): string[] {
  const found: string[] = [];
  for (const node of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
    const style = getComputedStyle(node);
    if (node.closest('.visually-hidden') || style.display === 'none') continue;
    const what = `${node.localName}.${node.getAttribute('class') ?? ''}`;
    if (style.textOverflow === 'ellipsis' && node.textContent?.trim()) found.push(`${what} ends in an ellipsis`);
    // wider inside than out, and not a box one can scroll to read the rest
    if (node.scrollWidth > node.clientWidth + 1 && style.overflowX !== 'auto' && style.overflowX !== 'scroll')
      found.push(`${what} ${node.scrollWidth} > ${node.clientWidth}`);
  }
  return found;
}
