/**
 * web-test-runner command `page-pixels` (payload `{ x, y, width, height }`, CSS px of the
 * viewport): what Chromium painted there, as a PNG (base64), from a Playwright screenshot of the
 * page. For what only the painted page can show: a ring that computed styles say is there but
 * something drawn above it covers.
 */
import type { Page } from 'playwright-core';

export const PAGE_PIXELS_COMMAND = 'page-pixels';

interface CommandArgs {
  command: string;
  payload: unknown;
  session: { id: string; browser: { type: string; getPage?(id: string): Page } };
}

export function pagePixels() {
  return {
    name: 'kyi-page-pixels',
    async executeCommand({ command, payload, session }: CommandArgs): Promise<string | undefined> {
      if (command !== PAGE_PIXELS_COMMAND) return undefined;
      const clip = payload as { x?: unknown; y?: unknown; width?: unknown; height?: unknown } | null;
      const ok = clip && [clip.x, clip.y, clip.width, clip.height].every((n) => typeof n === 'number' && Number.isFinite(n)) && (clip.width as number) > 0 && (clip.height as number) > 0;
      if (!ok) throw new Error(`${PAGE_PIXELS_COMMAND}: payload must be { x, y, width, height } in CSS px (width and height above 0), got ${JSON.stringify(payload)}`);
      if (session.browser.type !== 'playwright' || !session.browser.getPage) throw new Error(`${PAGE_PIXELS_COMMAND} needs the Playwright launcher`);
      const page = session.browser.getPage(session.id);
      const png = await page.screenshot({ clip: clip as { x: number; y: number; width: number; height: number }, animations: 'disabled', caret: 'hide' });
      return png.toString('base64');
    },
  };
}
