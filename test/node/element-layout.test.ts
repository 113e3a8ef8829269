/**
 * One folder per element: the class, its styles in a sibling `<name>.styles.ts`, and its
 * registration in `define.ts`; shared internals in `elements/shared/`. Styles written inline
 * in a class file (or in the data layer) are a layout regression.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ELEMENTS = 'src/elements';
const folders = readdirSync(ELEMENTS, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'shared')
  .map((e) => e.name);

test('every element folder holds its class, its styles and its registration', () => {
  assert.ok(folders.length >= 7, `found ${folders.join(', ')}`);
  for (const name of folders) {
    for (const file of [`${name}.ts`, `${name}.styles.ts`, 'define.ts'])
      assert.ok(existsSync(join(ELEMENTS, name, file)), `${name}/${file} is missing`);
  }
});

test('no styles are written outside *.styles.ts files (element classes, the drawer, the data layer)', () => {
  const offenders: string[] = [];
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) scan(path);
      else if (path.endsWith('.ts') && !path.endsWith('.styles.ts') && !path.endsWith('shared/styles.ts') && /\bcss`/.test(readFileSync(path, 'utf8')))
        offenders.push(path);
    }
  };
  scan(ELEMENTS);
  scan('src/client');
  assert.deepEqual(offenders, []);
});
