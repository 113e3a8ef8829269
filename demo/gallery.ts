/**
 * The gallery page: every element in every state (gallery.html), on the gallery backend's
 * fixed data and clock. `?page=light|dark|os`, `?dir=ltr|rtl` and `?width=320|390` (the
 * gallery's column, in a wider window) choose the partner page;
 * `<html data-gallery-ready>` is set once every state is on screen (what the visual tests wait for).
 */
import '../src/entries/define.js';
import { bindPageScheme } from './page-scheme.js';

type Settling = HTMLElement & { settled?: Promise<void>; updateComplete?: Promise<unknown>; requestUpdate?: () => void };

const root = document.documentElement;
const kyiElements = () => [...document.querySelectorAll<Settling>('#gallery *')].filter((n) => n.localName.startsWith('kyi-'));
const rerender = () => {
  for (const node of kyiElements()) node.requestUpdate?.();
};

bindPageScheme(document.querySelector<HTMLSelectElement>('#page-scheme')!, rerender);

// ---------------------------------------------------------------- direction
const dirSelect = document.querySelector<HTMLSelectElement>('#dir')!;
function setDir(dir: string): void {
  root.dir = dir === 'rtl' ? 'rtl' : 'ltr';
  dirSelect.value = root.dir;
}
setDir(new URL(location.href).searchParams.get('dir') ?? 'ltr');
dirSelect.addEventListener('change', () => {
  setDir(dirSelect.value);
  const url = new URL(location.href);
  if (root.dir === 'rtl') url.searchParams.set('dir', 'rtl');
  else url.searchParams.delete('dir');
  history.replaceState(null, '', url);
  rerender();
});

// ---------------------------------------------------------------- width
const widthSelect = document.querySelector<HTMLSelectElement>('#width')!;
function setWidth(width: string): void {
  const gallery = document.querySelector<HTMLElement>('#gallery')!;
  gallery.style.maxInlineSize = ['320', '390'].includes(width) ? `${width}px` : '';
  widthSelect.value = gallery.style.maxInlineSize ? width : '';
}
setWidth(new URL(location.href).searchParams.get('width') ?? '');
widthSelect.addEventListener('change', () => {
  setWidth(widthSelect.value);
  const url = new URL(location.href);
  if (widthSelect.value) url.searchParams.set('width', widthSelect.value);
  else url.searchParams.delete('width');
  history.replaceState(null, '', url);
});

// ---------------------------------------------------------------- frozen states
/** The verify button's error state: it asks the gallery's token endpoint, which refuses (signed out). */
async function showVerifyError(): Promise<void> {
  const button = document.querySelector<HTMLElement & { open(): Promise<void> }>('kyi-verify-button[data-gallery-open]')!;
  await customElements.whenDefined('kyi-verify-button');
  await button.open();
  await (button as Settling).updateComplete;
}

/** Every image in the elements' shadow roots has loaded or failed (now: the gallery is photographed whole, not scrolled). */
async function imagesDecoded(): Promise<void> {
  const images = kyiElements().flatMap((el) => [...(el.shadowRoot?.querySelectorAll('img') ?? [])]);
  for (const img of images) img.loading = 'eager';
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
}

/** Runs one step of getting ready; a step that fails is reported and does not hold the page back. */
async function step(name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(`gallery: ${name} failed:`, error);
  }
}

/**
 * Every section starts on a whole pixel and is a whole number of pixels high, so a section that
 * changes height moves the ones below by whole pixels only: each renders as it did alone, and a
 * change to one element fails its own screenshot, not every one after it.
 */
function alignSections(): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-visual]')) {
    section.style.marginBlockStart = '';
    section.style.minHeight = '';
    const { top, height } = section.getBoundingClientRect();
    const y = top + scrollY;
    if (y !== Math.ceil(y)) section.style.marginBlockStart = `${Math.ceil(y) - y}px`;
    section.style.minHeight = `${Math.ceil(height)}px`;
  }
}

async function ready(): Promise<void> {
  const tags = new Set(kyiElements().map((el) => el.localName));
  await Promise.all([...tags].map((tag) => customElements.whenDefined(tag)));
  // the elements pointed at /gallery/stub/hang stay loading for good: the rest settle
  const settling = kyiElements().filter((el) => !el.getAttribute('proxy-url')?.includes('/hang'));
  await Promise.all([
    ...settling.map((el) => step(`${el.localName} update`, async () => el.updateComplete)),
    step('the verify button error state', showVerifyError),
  ]);
  await Promise.all(settling.map((el) => step(`${el.localName} settled`, async () => el.settled)));
  await step('images', imagesDecoded);
  await document.fonts.ready;
  alignSections();
  // two frames: the last renders are laid out and painted
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  root.dataset['galleryReady'] = 'true';
}
void ready();
