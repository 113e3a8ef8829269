import * as z from 'zod/mini';

/** An Explorer API error code (spec 7.1). */
export type ExplorerErrorCode =
  | 'invalid_cursor'
  | 'invalid_page'
  | 'invalid_parameter'
  | 'api_key_invalid'
  | 'api_key_scope_missing'
  | 'api_key_not_permitted'
  | 'signature_missing'
  | 'site_gate_required'
  | 'not_found'
  | 'watchlist_limit_reached'
  | 'too_many_requests'
  | 'internal_error';

/** Explorer API error codes with their HTTP status (spec 7.1). */
export const EXPLORER_ERRORS = {
  invalid_cursor: 400,
  invalid_page: 400,
  invalid_parameter: 400,
  api_key_invalid: 401,
  api_key_scope_missing: 403,
  api_key_not_permitted: 403,
  signature_missing: 403,
  site_gate_required: 403,
  not_found: 404,
  watchlist_limit_reached: 409,
  too_many_requests: 429,
  internal_error: 500,
} as const satisfies Record<ExplorerErrorCode, number>;
export const EXPLORER_ERROR_CODES = Object.keys(EXPLORER_ERRORS) as ExplorerErrorCode[];

/** Explorer error body (7.1): `code` is the contract, `message` may change. Unknown codes are kept. */
export const explorerErrorSchema = z.looseObject({
  code: z.string(),
  message: z.optional(z.string()),
});
export type ExplorerErrorBody = z.infer<typeof explorerErrorSchema>;

/**
 * Public API error body (7.2; NestJS shape). The field notes show 401 without `error`,
 * so only `message` and `statusCode` are required.
 */
export const publicApiErrorSchema = z.looseObject({
  message: z.union([z.string(), z.array(z.string())]),
  error: z.optional(z.string()),
  statusCode: z.number(),
});
export type PublicApiErrorBody = z.infer<typeof publicApiErrorSchema>;

/** Badge route error body (7.3): JSON with a `message`. */
export const badgeErrorSchema = z.looseObject({ message: z.string() });

/** A stable error code of the kit's own server piece and elements (`{ code, message }`). */
export type KitErrorCode =
  | 'invalid_parameter'
  | 'malformed_path'
  | 'invalid_body'
  | 'request_timeout'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_found'
  | 'method_not_allowed'
  | 'asset_not_found'
  | 'unauthorized'
  | 'session_required'
  | 'forbidden'
  | 'origin_not_allowed'
  | 'writes_disabled'
  | 'not_configured'
  | 'signing_failed'
  | 'upstream_error'
  | 'upstream_auth'
  | 'upstream_invalid'
  | 'upstream_timeout'
  | 'upstream_unavailable'
  | 'store_unavailable'
  | 'too_many_requests'
  | 'internal_error';

/** Every {@link KitErrorCode}. */
export const KIT_ERROR_CODES = [
  'invalid_parameter',
  'malformed_path',
  'invalid_body',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'method_not_allowed',
  'asset_not_found',
  'unauthorized',
  'session_required',
  'forbidden',
  'origin_not_allowed',
  'writes_disabled',
  'not_configured',
  'signing_failed',
  'upstream_error',
  'upstream_auth',
  'upstream_invalid',
  'upstream_timeout',
  'upstream_unavailable',
  'store_unavailable',
  'too_many_requests',
  'internal_error',
] as const satisfies readonly KitErrorCode[];

/** The one error shape the server piece answers with. */
export const kitErrorSchema = z.looseObject({ code: z.string(), message: z.string() });
export type KitErrorBody = z.infer<typeof kitErrorSchema>;
