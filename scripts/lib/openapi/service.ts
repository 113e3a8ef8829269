/**
 * OpenAPI document of the service as the sandbox implements it (`npx kyi-sandbox`): the
 * Public API, the badge route and the Explorer API, with the service's own error shapes.
 */
import { BADGE_FORMATS_ACCEPTED, BADGE_SIZES, BADGE_THEMES, BADGE_VARIANTS, CREDENTIAL_TYPES } from '../../../src/contract/index.js';
import { WIDGET_COMPLETE_PATH } from '../../../src/sandbox/widget/page.js';
import { ref, type ComponentName } from './components.js';
import { openApiDocument } from './document.js';
import { EXPLORER_ROUTE_SPECS, PUBLIC_ROUTES, addOperation, jsonContent, operation, query, type Operation } from './routes.js';

const error = (name: ComponentName, description: string) => ({ description, content: jsonContent(ref(name)) });
/** Explorer bodies may come bare or in the `{ data, meta, errors }` envelope (field notes). */
const orEnvelope = (name: ComponentName) => ({ anyOf: [ref(name), ref('Envelope')] });

function badgeOperation(): Operation {
  const e = (description: string) => error('BadgeError', description);
  return {
    operationId: 'badge',
    summary: 'Badge image of a credential type (no key); a static claim',
    tags: ['Badges'],
    parameters: [
      { name: 'credential_type', in: 'path', required: true, description: 'Credential type', schema: { type: 'string', enum: [...CREDENTIAL_TYPES] } },
      query('variant', 'Square icon or pill', { type: 'string', enum: [...BADGE_VARIANTS], default: 'icon' }),
      query('theme', 'Colour theme', { type: 'string', enum: [...BADGE_THEMES], default: 'dark' }),
      query('format', 'Image format (`webp` answers 415)', { type: 'string', enum: [...BADGE_FORMATS_ACCEPTED], default: 'svg' }),
      query('size', 'Icon size in px (64 serves the 32 px asset)', { type: 'string', enum: BADGE_SIZES.map(String), default: '24' }),
    ],
    responses: {
      '200': { description: 'The image, cached for a year', content: { 'image/svg+xml': {}, 'image/png': {} } },
      '400': e('Unknown credential type or unsupported option'),
      '404': e('No badge for this combination'),
      '415': e('WebP is not yet available'),
      default: e('Error'),
    },
  };
}

/**
 * The sandbox widget's simulated flow submitting its form (the widget page's own script calls
 * it, with the access token from the page's URL): the sandbox's stand-in for the live widget's
 * internal API, documented because tests and other-language backends drive it to verify a token.
 */
function widgetCompleteOperation(): Operation {
  return {
    operationId: 'sandboxWidgetComplete',
    summary: 'Sandbox only: finish the simulated widget flow; marks the chosen pending asset verified',
    tags: ['Widget (sandbox)'],
    requestBody: { required: true, content: jsonContent(ref('WidgetCompleteBody')) },
    responses: {
      '200': { description: 'The asset is verified from now on', content: jsonContent(ref('WidgetCompleteResult')) },
      '400': error('WidgetError', 'Body is not JSON `{ token, asset, product? }`'),
      '401': error('WidgetError', 'Bad or expired access token'),
      '404': error('WidgetError', 'Unknown asset'),
      '409': error('WidgetError', 'Asset is already verified'),
      default: error('WidgetError', 'Error (an armed sandbox fault: 429, 500, 502)'),
    },
  };
}

export function serviceDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const publicErrors = { default: error('PublicApiError', 'Error in the NestJS shape `{ message, error?, statusCode }`') };
  for (const route of PUBLIC_ROUTES)
    addOperation(paths, route.path, route.method, operation(route, { errors: publicErrors, security: [{ publicApiKey: [] }] }));
  addOperation(paths, '/api/v1/badges/{credential_type}', 'get', badgeOperation());
  const explorerErrors = { default: { description: 'Error `{ code, message }`', content: jsonContent(orEnvelope('ExplorerError')) } };
  for (const route of EXPLORER_ROUTE_SPECS) {
    const security = route.scope ? [{ explorerKey: [] }] : [];
    addOperation(paths, route.path, route.method, operation(route, { errors: explorerErrors, success: orEnvelope, security }));
  }
  addOperation(paths, WIDGET_COMPLETE_PATH, 'post', widgetCompleteOperation());
  return openApiDocument({
    title: 'KYI verification service (as the kyi-elements sandbox implements it)',
    description:
      'The Public API (key sent raw in `Authorization`), the badge route (no key) and the Explorer API ' +
      '(live key as `Bearer`, scopes per route) on one origin, plus the sandbox widget’s simulated flow ' +
      '(`POST /widget/api/complete`, sandbox only). Start it with `npx kyi-sandbox --port 8787`; ' +
      'its first stdout line is JSON with the URLs and demo credentials.',
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The sandbox on its default port' }],
    paths,
    securitySchemes: {
      publicApiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The raw Public API key, no `Bearer` prefix' },
      explorerKey: { type: 'http', scheme: 'bearer', description: 'An Explorer live key' },
    },
  });
}
