/**
 * web-test-runner command `ax-node` (payload `{ marker }`): what Chromium's accessibility tree
 * says of the element carrying `data-ax="<marker>"` (searched through open shadow roots):
 * `{ role, name, description, ignored }`, as a screen reader would be told, through the
 * DevTools protocol (`Accessibility.getPartialAXTree`). `null` when no element has the marker.
 *
 * Playwright no longer has `page.accessibility` (which `a11ySnapshot` of
 * `@web/test-runner-commands` needs), so the tests read the tree here.
 */
import type { CDPSession, Page } from 'playwright-core';

export const AX_NODE_COMMAND = 'ax-node';

interface CommandArgs {
  command: string;
  payload: unknown;
  session: { id: string; browser: { type: string; getPage?(id: string): Page } };
}

export interface AxNode {
  role: string;
  name: string;
  description: string;
  ignored: boolean;
}

type AxValue = { value?: unknown } | undefined;
interface RawAxNode {
  ignored?: boolean;
  role?: AxValue;
  name?: AxValue;
  description?: AxValue;
}

const text = (v: AxValue) => (v && v.value !== undefined ? String(v.value) : '');

/** Finds the marked element through open shadow roots (runs in the page). */
const FIND = (marker: string) => `(() => {
  const find = (root) => {
    const hit = root.querySelector('[data-ax=${JSON.stringify(marker)}]');
    if (hit) return hit;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { const inner = find(el.shadowRoot); if (inner) return inner; }
    }
    return null;
  };
  return find(document);
})()`;

/** One DevTools session per page, its accessibility domain enabled once (and kept: the tree stays current). */
const sessions = new WeakMap<Page, Promise<CDPSession>>();
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page
      .context()
      .newCDPSession(page)
      .then(async (cdp) => {
        await cdp.send('Accessibility.enable');
        return cdp;
      });
    sessions.set(page, session);
  }
  return session;
}

export function axNode() {
  return {
    name: 'kyi-ax-node',
    async executeCommand({ command, payload, session }: CommandArgs): Promise<AxNode | null | undefined> {
      if (command !== AX_NODE_COMMAND) return undefined;
      const marker = (payload as { marker?: unknown } | null)?.marker;
      if (typeof marker !== 'string' || !/^[\w-]+$/.test(marker)) throw new Error(`${AX_NODE_COMMAND}: payload must be { marker } (letters, digits, _ and -), got ${JSON.stringify(payload)}`);
      if (session.browser.type !== 'playwright' || !session.browser.getPage) throw new Error(`${AX_NODE_COMMAND} needs the Playwright launcher`);
      const page = session.browser.getPage(session.id);
      const cdp = await sessionOf(page);
      const found = (await cdp.send('Runtime.evaluate', { expression: FIND(marker) })) as { result: { objectId?: string; subtype?: string } };
      const objectId = found.result.objectId;
      if (!objectId || found.result.subtype === 'null') return null;
      const tree = (await cdp.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false })) as { nodes: RawAxNode[] };
      const node = tree.nodes[0];
      if (!node) return null;
      return { role: text(node.role), name: text(node.name), description: text(node.description), ignored: node.ignored === true };
    },
  };
}
