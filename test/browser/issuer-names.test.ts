/**
 * Issuer names are data, claims are the kit's. An issuer named "Acme Ltd (business verified)"
 * whose business is not verified must not read as the KYB-verified "Acme Ltd": the claim is the
 * kit's own part (`kyb-claim`, a mark and its words), the name sits in a `<bdi>`, and no name,
 * however it is spelled (U+202E included), reorders or borrows the words around it.
 * The fixtures are the sandbox's hostile set (on in the test harness).
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/define.js';
import { configure, resetConfig } from '../../src/browser/config.js';
import { registerLocale } from '../../src/browser/strings.js';
import { fr } from '../../src/locales/fr.js';
import type { KyiLookupElement } from '../../src/elements/shared/lookup-element.js';
import { SANDBOX_FIXTURES as F } from '../../src/sandbox/data/tokens.js';
import { testEnv, freshLookups } from './helpers/display.js';

const H = F.hostile;
const RLO = '\u202E';

type Shown = KyiLookupElement<unknown> & HTMLElement;
const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

/** The words of a shadow root outside every `<bdi>`: what the kit itself says, names left out. */
function kitWords(el: Element): string {
  const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
  let words = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('bdi, style')) words += node.textContent;
  }
  return words.replace(/\s+/g, ' ').trim();
}

/** Every text node holding `needle` sits inside a `<bdi>` (and there is at least one). */
function onlyInsideBdi(el: Element, needle: string): boolean {
  const walker = document.createTreeWalker(el.shadowRoot!, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent!.includes(needle)) continue;
    seen++;
    if (!node.parentElement?.closest('bdi')) return false;
  }
  return seen > 0;
}

async function shown<T extends Shown>(template: ReturnType<typeof html>, tag: string): Promise<T> {
  const wrapper = await fixture<HTMLElement>(html`<div>${template}</div>`);
  const el = wrapper.querySelector(tag) as T;
  await el.settled;
  expect(el.status).to.equal('verified');
  return el;
}

const tokenStatus = (token: { chain: string; address: string }, lang = 'en') =>
  shown(html`<div lang=${lang}><kyi-token-status address=${token.address} chain-slug=${token.chain}></kyi-token-status></div>`, 'kyi-token-status');
const assetCard = (token: { chain: string; address: string }) =>
  shown(html`<kyi-asset-card chain=${token.chain} address=${token.address}></kyi-asset-card>`, 'kyi-asset-card');

/** The claim part is the kit's: outside every name, with its mark, visible, reading "Business verified". */
function expectKitClaim(el: Element, words: string) {
  const claim = part(el, 'kyb-claim');
  expect(claim, 'the kyb-claim part').to.exist;
  expect(claim!.closest('bdi'), 'the claim is not inside a name').to.equal(null);
  expect(claim!.querySelector('bdi'), 'no name inside the claim').to.equal(null);
  expect(claim!.textContent!.replace(/[\s,]+/g, ' ').trim()).to.equal(words);
  expect(claim!.querySelector('svg[aria-hidden="true"]'), 'its own mark').to.exist;
  const box = claim!.getBoundingClientRect();
  expect(box.width * box.height, 'shown').to.be.greaterThan(0);
}

describe('issuer names are data, the business claim is the kit’s', () => {
  before(async () => configure({ badgeBaseUrl: (await testEnv()).badgeBaseUrl }));
  after(() => resetConfig());
  beforeEach(() => freshLookups());

  it('<kyi-token-status>: "Acme Ltd (business verified)" without KYB wears no claim; the KYB-verified "Acme Ltd" does', async () => {
    const impostor = await tokenStatus(H.kybImpostor);
    const genuine = await tokenStatus(H.kybGenuine);

    // the impostor's name is shown whole, as data: in a bdi on the issuer line, and the kit never
    // says "business verified" of it
    expect(part(impostor, 'kyb-claim'), 'no claim part for the impostor').to.equal(null);
    expect(part(impostor, 'warning')!.textContent).to.contain('Business not verified');
    expect(onlyInsideBdi(impostor, '(business verified)'), 'the borrowed words only inside the name').to.equal(true);
    expect(part(impostor, 'issuer')!.querySelector('bdi')!.textContent).to.equal('Acme Ltd (business verified)');
    expect(kitWords(impostor)).not.to.match(/business verified/i);

    // the genuine one: the kit's claim, its own part, and the name alone in its bdi
    expectKitClaim(genuine, 'Business verified');
    expect(part(genuine, 'issuer')!.querySelector('bdi')!.textContent).to.equal('Acme Ltd');
    expect(kitWords(genuine)).to.match(/Business verified/);
    expect(kitWords(impostor)).not.to.equal(kitWords(genuine));
    await expect(impostor).to.be.accessible();
    await expect(genuine).to.be.accessible();
  });

  it('<kyi-token-status>: a name with U+202E is isolated in a bdi, the claim and the kit’s words outside it', async () => {
    const el = await tokenStatus(H.rtl);
    const issuer = part(el, 'issuer')!;
    const bdi = issuer.querySelector('bdi')!;
    expect(bdi.textContent).to.contain(RLO);
    expect(getComputedStyle(bdi).unicodeBidi).to.equal('isolate');
    expect(onlyInsideBdi(el, RLO), 'every U+202E inside a bdi').to.equal(true);
    expect(issuer.textContent!.replace(bdi.textContent!, '').trim()).to.equal('Issuer:');
    expectKitClaim(el, 'Business verified');
    expect(bdi.contains(part(el, 'kyb-claim')) || bdi.contains(part(el, 'label'))).to.equal(false);
  });

  it('<kyi-token-status>: the claim and the issuer line in French', async () => {
    registerLocale('fr', fr);
    const el = await tokenStatus(H.kybGenuine, 'fr');
    expectKitClaim(el, 'Entreprise vérifiée');
    const issuer = part(el, 'issuer')!;
    expect(issuer.textContent).to.equal('Émetteur : Acme Ltd');
    expect(issuer.querySelector('bdi')!.textContent).to.equal('Acme Ltd');
  });

  it('<kyi-asset-card>: "Acme Ltd (business verified)" without KYB wears no claim; the KYB-verified "Acme Ltd" does', async () => {
    const impostor = await assetCard(H.kybImpostor);
    const genuine = await assetCard(H.kybGenuine);

    expect(part(impostor, 'kyb-claim'), 'no claim part for the impostor').to.equal(null);
    expect(part(impostor, 'status-label')!.textContent).to.equal('Business not verified');
    expect(part(impostor, 'issuer')!.querySelector('bdi')!.textContent).to.equal('Acme Ltd (business verified)');
    expect(onlyInsideBdi(impostor, '(business verified)')).to.equal(true);
    expect(kitWords(impostor)).not.to.match(/business verified/i);

    expectKitClaim(genuine, 'Business verified');
    expect(part(genuine, 'issuer')!.contains(part(genuine, 'kyb-claim'))).to.equal(true);
    expect(part(genuine, 'issuer')!.querySelector('bdi')!.textContent).to.equal('Acme Ltd');
    await expect(impostor).to.be.accessible();
    await expect(genuine).to.be.accessible();
  });

  it('<kyi-asset-card>: a name with U+202E is isolated in a bdi, the claim outside it', async () => {
    const el = await assetCard(H.rtl);
    expect(onlyInsideBdi(el, RLO), 'every U+202E inside a bdi').to.equal(true);
    const bdi = part(el, 'issuer')!.querySelector('bdi')!;
    expect(bdi.textContent).to.contain(RLO);
    expectKitClaim(el, 'Business verified');
    expect(bdi.contains(part(el, 'kyb-claim'))).to.equal(false);
  });
});
