import { expect } from '@open-wc/testing';
import { show, type ElementView, type View } from '../../src/elements/shared/view.js';
import { copyOf } from '../../src/elements/shared/copies.js';

/**
 * Views (src/elements/shared/view.ts): how the display elements put their nodes on screen
 * without a template library. What each element shows is covered by its own tests; these pin
 * the rules every one of them relies on.
 */
describe('views (view.ts)', () => {
  const root = () => document.createElement('div').attachShadow({ mode: 'open' });

  it('keeps a node that stays the same thing (tag and class), changing only what differs', () => {
    const r = root();
    show(r, [['span', { class: 'base loading', 'aria-busy': 'true', title: 'a' }, 'Loading']]);
    const box = r.firstElementChild!;
    show(r, [['span', { class: 'base loading', title: 'b' }, 'Still loading']]);
    expect(r.firstElementChild).to.equal(box);
    expect(box.getAttribute('title')).to.equal('b');
    expect(box.hasAttribute('aria-busy'), 'an attribute the view no longer gives is removed').to.equal(false);
    expect(box.textContent).to.equal('Still loading');
  });

  it('replaces a node that became another thing (another class), as a template per state would', () => {
    const r = root();
    show(r, [['span', { class: 'base loading' }]]);
    const loading = r.firstElementChild!;
    show(r, [['span', { class: 'base verified' }, 'KYI verified']]);
    expect(r.firstElementChild).not.to.equal(loading);
    expect(r.childNodes.length).to.equal(1);
  });

  it('keeps a focused button focused across states that keep it', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const r = host.attachShadow({ mode: 'open' });
    try {
      show(r, [['button', { class: 'verify', type: 'button' }, 'Verify']]);
      const button = r.querySelector('button')!;
      button.focus();
      show(r, [['button', { class: 'verify', type: 'button', 'aria-busy': 'true' }, 'Verify'], ['span', { role: 'status' }, 'Opening…']]);
      expect(r.querySelector('button')).to.equal(button);
      expect(r.activeElement).to.equal(button);
    } finally {
      host.remove();
    }
  });

  it('calls the listener the view last gave, once', () => {
    const r = root();
    const calls: string[] = [];
    show(r, [['button', { '@click': () => calls.push('first') }]]);
    show(r, [['button', { '@click': () => calls.push('second') }]]);
    (r.firstElementChild as HTMLButtonElement).click();
    show(r, [['button', {}]]);
    (r.firstElementChild as HTMLButtonElement).click();
    expect(calls).to.deep.equal(['second']);
  });

  it('makes <svg> and what is in it SVG, also inside HTML', () => {
    const r = root();
    show(r, [['span', { class: 'decor' }, ['svg', { viewBox: '0 0 20 20' }, ['circle', { r: '7.5' }], ['path', { d: 'M0 0' }]]]]);
    for (const node of r.querySelectorAll('svg, circle, path')) expect(node.namespaceURI, node.localName).to.equal('http://www.w3.org/2000/svg');
    expect(r.querySelector('svg')!.getAttribute('viewBox')).to.equal('0 0 20 20');
  });

  it('shows text as the characters it is, never as markup', () => {
    const r = root();
    const hostile = '<img src=x onerror="alert(1)"><b>Evil Corp</b>';
    show(r, [['span', { title: hostile }, hostile]]);
    expect(r.querySelector('img, b')).to.equal(null);
    expect(r.firstElementChild!.textContent).to.equal(hostile);
    expect(r.firstElementChild!.getAttribute('title')).to.equal(hostile);
  });

  it('leaves nodes the root came with (a server-rendered view) before its own', () => {
    const r = root();
    const rendered = document.createElement('p');
    r.append(rendered);
    show(r, [['span', {}, 'one']]);
    show(r, [['span', {}, 'two'], false, undefined, '']);
    expect([...r.childNodes].map((n) => (n as Element).localName)).to.deep.equal(['p', 'span']);
    expect(r.lastChild!.textContent).to.equal('two');
  });

  it('keeps a node made elsewhere as that node (the drawer’s frame)', () => {
    const r = root();
    const frame = document.createElement('iframe');
    const views = (words: string): View[] => [['span', {}, words], frame];
    show(r, views('a'));
    show(r, views('b'));
    expect(r.lastChild).to.equal(frame);
    expect(r.firstChild!.textContent).to.equal('b');
  });

  it('gives an element its view\'s own attributes only: keys a script set on Object.prototype are none of its', () => {
    const r = root();
    const calls: string[] = [];
    // Enumerable, as a plain assignment (`Object.prototype.title = …`) or a merge gadget leaves them.
    const polluted = { title: 'Evil Corp', '@click': () => calls.push('polluted') };
    for (const [key, value] of Object.entries(polluted)) Object.defineProperty(Object.prototype, key, { value, enumerable: true, configurable: true, writable: true });
    try {
      show(r, [['button', { class: 'b', title: 'Retry', '@click': () => calls.push('own') }, 'Retry']]);
      const button = r.firstElementChild as HTMLButtonElement;
      button.click();
      show(r, [['button', { class: 'b' }, 'Retry']]);
      expect(r.firstElementChild).to.equal(button);
      expect(button.hasAttribute('title'), 'a kept node whose view no longer gives it').to.equal(false);
      button.click();
      show(r, [['span', { class: 'fresh' }, 'new']]);
      expect(r.firstElementChild!.hasAttribute('title'), 'a new node').to.equal(false);
    } finally {
      for (const key of Object.keys(polluted)) delete (Object.prototype as Record<string, unknown>)[key];
    }
    expect(calls).to.deep.equal(['own']);
  });

  it('a copy of a view (copies.ts): the nodes made once for it, as made, each copy its own; patched like any node', () => {
    const view: ElementView = ['span', { class: 'base loading', 'aria-busy': 'true' }, ['span', { part: 'skeleton', class: 'skeleton' }], 'Checking…'];
    const [a, b] = [root(), root()];
    show(a, [copyOf(view)]);
    // What one showing became does not reach the next copy.
    a.firstElementChild!.setAttribute('title', 'changed');
    show(b, [copyOf(view)]);
    const made = '<span class="base loading" aria-busy="true"><span part="skeleton" class="skeleton"></span>Checking…</span>';
    expect(b.innerHTML).to.equal(made);
    expect(b.firstChild).not.to.equal(a.firstChild);
    // The next view: a node of its own in place of the copy.
    show(b, [['span', { class: 'base verified' }, 'KYI verified']]);
    expect(b.innerHTML).to.equal('<span class="base verified">KYI verified</span>');
  });
});
