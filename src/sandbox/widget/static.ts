/** The widget page's script and stylesheet, served as separate files (strict-CSP friendly). */

/**
 * Talks to the parent with the vendor's protocol: `kyi:ready` once the token checked out,
 * `kyi:error` (payload: the message) when it did not or the flow failed, `kyi:close` on the
 * close buttons and Escape. Messages go to the parent's origin when the browser tells it.
 */
export const WIDGET_SCRIPT = `const root = document.getElementById('kyi-widget');
const params = new URLSearchParams(location.search);

function parentOrigin() {
  try {
    const ancestors = location.ancestorOrigins;
    if (ancestors && ancestors.length) return ancestors[0];
  } catch {}
  try {
    if (document.referrer) return new URL(document.referrer).origin;
  } catch {}
  return '*';
}
const target = parentOrigin();
function post(message) {
  if (window.parent && window.parent !== window) window.parent.postMessage(message, target === 'null' ? '*' : target);
}

document.addEventListener('click', (event) => {
  const el = event.target instanceof Element ? event.target.closest('[data-action="close"]') : null;
  if (el) post({ type: 'kyi:close' });
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') post({ type: 'kyi:close' });
});

const form = document.getElementById('kyi-form');
if (form) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    const status = form.querySelector('.status');
    const asset = new FormData(form).get('asset');
    button.disabled = true;
    status.textContent = 'Submitting…';
    try {
      const res = await fetch('api/complete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: params.get('token'), asset, product: root.dataset.product }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(body.message || 'Verification failed');
      form.hidden = true;
      const done = document.querySelector('[data-screen="done"]');
      done.querySelector('.done-message').textContent = body.asset.name + ' on ' + body.asset.chain + ' is now verified.';
      done.hidden = false;
      root.dataset.state = 'done';
      done.querySelector('button').focus();
    } catch (err) {
      button.disabled = false;
      status.textContent = err.message;
      root.dataset.state = 'failed';
      post({ type: 'kyi:error', payload: err.message });
    }
  });
}

if (root.dataset.state === 'error') post({ type: 'kyi:error', payload: root.dataset.error });
else post({ type: 'kyi:ready' });
`;

export const WIDGET_STYLE = `:root { color-scheme: light dark; font: 15px/1.45 system-ui, sans-serif; }
body { margin: 0; background: Canvas; color: CanvasText; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; overflow-wrap: anywhere; }
header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
h1 { font-size: 1.2rem; margin: 0.25rem 0; }
h2 { font-size: 1.05rem; }
.close { font-size: 1.4rem; line-height: 1; border: 0; background: none; color: inherit; cursor: pointer; padding: 0.25rem 0.5rem; }
fieldset { border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 8px; padding: 0.75rem; margin: 0 0 1rem; }
.option { display: block; padding: 0.4rem 0; cursor: pointer; }
.option .meta { display: block; margin-left: 1.6rem; opacity: 0.75; font-size: 0.85rem; }
.list { list-style: none; padding: 0; margin: 0 0 1rem; }
.row { padding: 0.5rem 0; border-bottom: 1px solid color-mix(in srgb, CanvasText 15%, transparent); }
.row .name { font-weight: 600; word-break: break-all; }
.row .meta { display: block; opacity: 0.75; font-size: 0.85rem; word-break: break-all; }
code { font-size: 0.85em; word-break: break-all; }
button { font: inherit; padding: 0.45rem 1rem; border-radius: 6px; border: 1px solid currentColor; background: none; color: inherit; cursor: pointer; }
button.primary { background: #047857; border-color: #047857; color: #fff; }
button:disabled { opacity: 0.6; cursor: progress; }
.error-message { color: #b91c1c; font-weight: 600; }
.sandbox-note { margin-top: 2rem; font-size: 0.8rem; opacity: 0.6; }
[hidden] { display: none !important; }
`;
