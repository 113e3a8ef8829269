/** The committed OpenAPI documents and the functions that generate them. */
import { proxyDocument } from './proxy.js';
import { serviceDocument } from './service.js';

export const OPENAPI_DOCUMENTS = {
  'openapi/proxy.json': proxyDocument,
  'openapi/service.json': serviceDocument,
} as const;
