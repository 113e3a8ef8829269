/** The harness's own browser command (test/harness/widget-keys.ts) names what was wrong. */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

async function failure(payload: unknown): Promise<string> {
  try {
    await executeServerCommand('widget-key', payload);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('widget-key did not fail');
}

describe('widget-key command', () => {
  it('refuses a payload without a key name', async () => {
    expect(await failure({})).to.match(/widget-key: payload\.key must be a key name, got \{\}/);
    expect(await failure({ key: '' })).to.match(/payload\.key must be a key name/);
  });

  it('says so when the page has no widget frame, listing the frames it has', async () => {
    const frame = document.createElement('iframe');
    frame.src = '/__test/env';
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    try {
      expect(await failure({ key: 'Escape' })).to.match(/no widget frame \(\/widget\/kyi\) on the page; its frames: .*\/__test\/env/);
    } finally {
      frame.remove();
    }
  });
});
