/**
 * OpenAPI document of the server piece's wire protocol (`createKyiHandler`, under its
 * prefix): what a browser — or a backend in another language re-implementing the proxy —
 * sends and gets. Every error is `{ code, message }`.
 */
import { KIT_ERROR_CODES } from '../../../src/contract/index.js';
import { LIMITS } from '../../../src/contract/limits.js';
import { ref } from './components.js';
import { openApiDocument } from './document.js';
import { EXPLORER_ROUTE_SPECS, PUBLIC_ROUTES, addOperation, jsonContent, operation, type Operation } from './routes.js';

const kitError = (description: string) => ({ description, content: jsonContent(ref('KitError')) });
const ERRORS: Operation['responses'] = { default: kitError(`Error; \`code\` is one of ${KIT_ERROR_CODES.join(', ')}`) };
const NOT_MODIFIED: Operation['responses'] = { '304': { description: 'Not modified (`If-None-Match` matched the `ETag`)' } };
const RETRY_AFTER = { 'retry-after': { description: 'Seconds to wait', schema: { type: 'integer' } } };

export function proxyDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  addOperation(paths, '/capabilities', 'get', {
    operationId: 'capabilities',
    summary: 'What this server offers the browser (Explorer reads and writes, widget tokens)',
    tags: ['Server piece'],
    responses: { '200': { description: 'Capabilities', content: jsonContent(ref('Capabilities')) }, ...ERRORS },
  });
  for (const route of PUBLIC_ROUTES) addOperation(paths, route.path, route.method, operation(route, { errors: { ...NOT_MODIFIED, ...ERRORS } }));
  addOperation(paths, '/lookup', 'post', {
    operationId: 'lookupBatch',
    summary: `Up to ${LIMITS.lookupBatchMax} lookups in one request; each answer is the status and body its single route would give`,
    tags: ['Server piece'],
    requestBody: { required: true, content: jsonContent(ref('LookupBatch')) },
    responses: { '200': { description: 'Answers in request order', content: jsonContent(ref('LookupBatchResult')) }, ...ERRORS },
  });
  addOperation(paths, '/token', 'post', {
    operationId: 'accessToken',
    summary: "A widget access token for the session's user (from `getUserId`); same-origin or `allowedOrigins` only",
    tags: ['Server piece'],
    responses: {
      '200': { description: 'Access token, at most one hour', content: jsonContent(ref('AccessToken')) },
      '401': kitError('`session_required`: no signed-in user (`getUserId` found none); the visitor signs in'),
      '403': kitError(
        "`origin_not_allowed`: the calling page's origin is not `publicOrigin` nor in `allowedOrigins` (the message names the origin seen and `publicOrigin`)",
      ),
      ...ERRORS,
    },
  });
  const explorerErrors: Operation['responses'] = {
    '401': kitError('`session_required`: `authorize` refused and `getUserId` found no signed-in user; the visitor signs in'),
    '403': kitError(
      '`forbidden`: `authorize` refused a signed-in user; `origin_not_allowed`: a write from an origin not allowed; ' +
        '`writes_disabled`; or the service refused the key (`api_key_scope_missing`, `api_key_not_permitted`, `site_gate_required`)',
    ),
    '429': { ...kitError('Over the Explorer key’s rate budget'), headers: RETRY_AFTER },
    ...ERRORS,
  };
  for (const route of EXPLORER_ROUTE_SPECS) addOperation(paths, route.path, route.method, operation(route, { errors: explorerErrors }));
  return openApiDocument({
    title: 'kyi-elements server piece',
    description:
      'The routes `createKyiHandler` (kyi-elements/server) answers under its prefix, `/api/kyi` by default. ' +
      'The browser elements call these; a backend in another language can answer them itself. ' +
      'Public API and Explorer routes are forwarded with the server’s keys; the keys never appear in a response.',
    servers: [{ url: '/api/kyi', description: 'The handler’s default prefix on the partner’s own origin' }],
    paths,
  });
}
