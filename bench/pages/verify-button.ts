/**
 * Bench page: two `<kyi-verify-button>`s, `#with` (prefetch) and `#without`. A frame counter
 * runs on requestAnimationFrame; `__verify.arm(id)` starts watching the button's shadow root,
 * and `__verify.result` resolves with how many frames and ms passed between the click
 * (captured on window) and the widget iframe entering the DOM.
 */
import { defineElement } from '../../src/browser/register.js';
import { KyiVerifyButton } from '../../src/elements/verify-button/verify-button.js';

defineElement('kyi-verify-button', KyiVerifyButton);

export interface VerifyMeasure {
  frames: number;
  ms: number;
}

const main = document.getElementById('buttons')!;
for (const [id, prefetch] of [
  ['with', true],
  ['without', false],
] as const) {
  const button = document.createElement('kyi-verify-button');
  button.id = id;
  button.prefetch = prefetch;
  main.append(button);
}

let frame = 0;
const tick = () => {
  frame++;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

let click = { frame: 0, time: 0 };
window.addEventListener('click', () => (click = { frame, time: performance.now() }), true);

const api = {
  result: Promise.resolve<VerifyMeasure>({ frames: NaN, ms: NaN }),
  arm(id: string): void {
    const button = document.getElementById(id) as KyiVerifyButton;
    const root = button.shadowRoot!;
    api.result = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!root.querySelector('iframe')) return;
        observer.disconnect();
        resolve({ frames: frame - click.frame, ms: performance.now() - click.time });
      });
      observer.observe(root, { childList: true, subtree: true });
    });
  },
  async close(id: string): Promise<void> {
    const button = document.getElementById(id) as KyiVerifyButton;
    button.close();
    await button.updateComplete;
  },
  status: (id: string) => (document.getElementById(id) as KyiVerifyButton).status,
  /** Resolves after two animation frames (lets a finished prefetch settle). */
  frames: () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
};
(window as unknown as { __verify: typeof api }).__verify = api;
