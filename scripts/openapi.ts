/**
 * `npm run openapi`: writes the OpenAPI 3.1 documents generated from the contract —
 * `openapi/proxy.json` (the server piece's wire protocol) and `openapi/service.json` (the
 * service as the sandbox implements it). A test fails when the committed files are stale.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { OPENAPI_DOCUMENTS } from './lib/openapi/index.js';

await mkdir('openapi', { recursive: true });
for (const [file, build] of Object.entries(OPENAPI_DOCUMENTS)) {
  await writeFile(file, JSON.stringify(build(), null, 2) + '\n');
  console.log(`wrote ${file}`);
}
