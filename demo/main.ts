/**
 * The demo page on the embedded sandbox. The elements are in index.html as served (nothing is
 * inserted after the first paint); this module wires the controls with DOM APIs (no inline
 * script or style), so the page runs under the strict Content-Security-Policy the demo server sends.
 */
import { registerLocale } from '../src/entries/define.js';
import { bindPageScheme } from './page-scheme.js';

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

const monitoring = $('#monitoring');

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
  // a JSON POST from this page: what the demo's CSRF guard asks of a sign-in (a cross-site form post cannot send it)
  const signingIn = signIn.dataset['signedIn'] !== 'true';
  await fetch('/demo/session', signingIn ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : { method: 'DELETE' });
  await refreshSession();
  // who may read the monitoring data changed: the elements read it again (or show the sign-in notice)
  for (const node of monitoring.children) void (node as HTMLElement & { refresh?: () => Promise<void> }).refresh?.();
});
void refreshSession();

// ---------------------------------------------------------------- partner page and language
const kyiElements = () => [...document.querySelectorAll<HTMLElement & { requestUpdate?: () => void }>('*')].filter((n) => n.localName.startsWith('kyi-'));
bindPageScheme($<HTMLSelectElement>('#page-scheme'), () => {
  // the elements' colours follow the page's color-scheme at once; a re-render picks the badge images for it
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
