/**
 * The demo page: every element in every state on the embedded sandbox. Everything is built
 * with DOM APIs from this module (no inline script or style), so the page runs under the
 * strict Content-Security-Policy the demo server sends.
 */
import { registerLocale } from '../src/define.js';
import { SANDBOX_FIXTURES as F } from '../src/sandbox/data/tokens.js';

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const app = $('#app');

function el(tag: string, attrs: Record<string, string | boolean> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === true) node.setAttribute(k, '');
    else if (v !== false) node.setAttribute(k, v);
  }
  if (text) node.textContent = text;
  return node;
}

function figure(caption: string, child: HTMLElement): HTMLElement {
  const f = el('figure', { class: 'case' });
  f.append(child, el('figcaption', {}, caption));
  return f;
}

function randomEvmAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

// ---------------------------------------------------------------- badges
const badges = $('#badges');
badges.append(
  figure('icon, 16', el('kyi-badge', { size: '16' })),
  figure('icon, 24', el('kyi-badge', { size: '24' })),
  figure('icon, 32, light', el('kyi-badge', { size: '32', theme: 'light' })),
  figure('icon, 64 (32 px asset)', el('kyi-badge', { size: '64' })),
  figure('full pill, auto theme', el('kyi-badge', { variant: 'full', theme: 'auto' })),
  figure('proof of collateral, png', el('kyi-badge', { credential: 'proof_of_collateral', format: 'png', size: '32' })),
  figure('linked to the verified page', el('kyi-badge', { variant: 'full', href: 'https://example.com/verified-assets' })),
  figure('invalid size="48": renders nothing, fires kyi-error', el('kyi-badge', { size: '48' })),
);

// ---------------------------------------------------------------- token status
const statusCases: [string, Record<string, string>][] = [
  ['Verified (PYUSD by CAIP-19)', { caip19: F.pyusd.caip19 }],
  ['Verified (USDC by address + chain)', { address: F.usdc.address, 'chain-slug': F.usdc.chain }],
  ['Business not verified', { address: F.businessNotVerified.address, 'chain-slug': F.businessNotVerified.chain }],
  ['Indexed, not verified', { address: F.indexedNotVerifiedSolana.address, 'chain-slug': F.indexedNotVerifiedSolana.chain }],
  ['Same address on several chains', { address: F.multiChain.address }],
  ['Unknown token', { address: F.unknown.address, 'chain-slug': F.unknown.chain }],
  ['Invalid input', { caip19: 'not-a-caip19' }],
];
const statuses = $('#statuses');
for (const [label, attrs] of statusCases) {
  const row = el('tr');
  const th = el('th', { scope: 'row' }, label);
  const full = el('td');
  full.append(el('kyi-token-status', attrs));
  const compact = el('td');
  compact.append(el('kyi-token-status', { ...attrs, compact: true }));
  row.append(th, full, compact);
  statuses.append(row);
}

// ---------------------------------------------------------------- asset cards
const cards = $('#cards');
cards.append(
  figure('PYUSD: multisig mint authority, no token image', el('kyi-asset-card', { chain: F.pyusd.chain, address: F.pyusd.address })),
  figure('pUSD by CAIP-10: owner multisig, empty whitepaper', el('kyi-asset-card', { 'account-id': F.pusd.accountId })),
  figure('Business not verified', el('kyi-asset-card', { chain: F.businessNotVerified.chain, address: F.businessNotVerified.address })),
  figure('Every authority type', el('kyi-asset-card', { chain: F.allAuthorities.chain, address: F.allAuthorities.address })),
  figure('Not verified on this chain (404)', el('kyi-asset-card', { chain: 'ethereum', address: F.pyusd.address })),
  figure('Invalid input', el('kyi-asset-card', { 'account-id': 'solana:bad id' })),
);

// ---------------------------------------------------------------- faults
async function setFault(kind: string): Promise<void> {
  if (kind === 'clear') {
    await fetch('/demo/faults', { method: 'DELETE' });
    return;
  }
  const fault =
    kind === '500'
      ? { kind: 'status', status: 500 }
      : kind === 'slow'
        ? { kind: 'slow', delayMs: 3000 }
        : { kind: 'malformed' };
  for (const route of ['public:tokens', 'public:asset']) {
    await fetch('/demo/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ route, fault }),
    });
  }
}

const faultCards = $('#fault-cards');
async function showFault(kind: string): Promise<void> {
  await setFault(kind);
  if (kind === 'clear') return;
  // A never-seen address, so no cache answers for the sandbox.
  const address = randomEvmAddress();
  faultCards.replaceChildren(
    figure(`Token status, ${kind}`, el('kyi-token-status', { address, 'chain-slug': 'ethereum' })),
    figure(`Asset card, ${kind}`, el('kyi-asset-card', { chain: 'ethereum', address })),
  );
}
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-fault]')) {
  button.addEventListener('click', () => void showFault(button.dataset['fault']!));
}

// ---------------------------------------------------------------- verify flow
const verify = $('#verify');
verify.append(
  el('kyi-verify-button'),
  el('kyi-verify-button', { scope: 'asset-list' }, 'Manage verified assets'),
  figure('The token the sandbox flow verifies', el('kyi-token-status', { address: F.indexedNotVerified.address, 'chain-slug': F.indexedNotVerified.chain })),
);

// ---------------------------------------------------------------- monitoring
const monitoring = $('#monitoring');
monitoring.append(el('kyi-watchlist'), el('kyi-change-feed', { days: '90' }), el('kyi-notifications'));

// ---------------------------------------------------------------- session
const signIn = $<HTMLButtonElement>('#sign-in');
const sessionLabel = $('#session');
async function refreshSession(): Promise<void> {
  const r = (await (await fetch('/demo/session')).json()) as { signedIn: boolean; userId: string | null };
  sessionLabel.textContent = r.signedIn ? `Signed in as ${r.userId}` : 'Signed out';
  signIn.textContent = r.signedIn ? 'Sign out' : 'Sign in as demo user';
  signIn.dataset['signedIn'] = String(r.signedIn);
}
signIn.addEventListener('click', async () => {
  await fetch('/demo/session', { method: signIn.dataset['signedIn'] === 'true' ? 'DELETE' : 'POST' });
  await refreshSession();
  // who may read the monitoring data changed: the elements read it again (or show the sign-in notice)
  for (const node of monitoring.children) void (node as HTMLElement & { refresh?: () => Promise<void> }).refresh?.();
});
void refreshSession();

// ---------------------------------------------------------------- theme and language
const kyiElements = () => [...document.querySelectorAll<HTMLElement & { requestUpdate?: () => void }>('*')].filter((n) => n.localName.startsWith('kyi-'));
$<HTMLSelectElement>('#theme').addEventListener('change', (e) => {
  const theme = (e.target as HTMLSelectElement).value;
  // The page's color-scheme changes; the elements' colours follow it at once, and a re-render
  // picks the badge images for the new scheme.
  document.documentElement.dataset['theme'] = theme;
  for (const node of kyiElements()) node.requestUpdate?.();
});
$<HTMLSelectElement>('#lang').addEventListener('change', async (e) => {
  const lang = (e.target as HTMLSelectElement).value;
  // Only English ships in the bundles: other languages are modules added on demand.
  if (lang === 'fr') registerLocale('fr', (await import('../src/locales/fr.js')).fr);
  app.lang = lang;
  document.documentElement.lang = lang;
  for (const node of kyiElements()) node.requestUpdate?.();
});

// ---------------------------------------------------------------- event log
const log = $('#log');
for (const type of ['kyi-status', 'kyi-error', 'kyi-open', 'kyi-ready', 'kyi-close', 'kyi-verification-changed', 'kyi-copy', 'kyi-watchlist-change']) {
  document.addEventListener(type, (event) => {
    const source = (event.composedPath()[0] as Element | undefined)?.localName ?? '?';
    const detail = (event as CustomEvent).detail as Record<string, unknown> | undefined;
    const summary = detail ? Object.entries(detail).filter(([, v]) => typeof v !== 'object').map(([k, v]) => `${k}=${String(v)}`).join(' ') : '';
    const item = el('li', {}, `${type} from <${source}> ${summary}`);
    log.prepend(item);
    while (log.children.length > 30) log.lastElementChild!.remove();
  });
}
