/**
 * Public API authentication (spec 5 rule 1, 7.2, field notes): the raw key in `Authorization`.
 * No header is 401 `Unauthorized`; a wrong key or one with a `Bearer` prefix is 401
 * `Invalid API key`; both in the NestJS shape `{ message, error: "Unauthorized", statusCode: 401 }`.
 */
import { nestError } from '../http.js';

export function isAuthorized(request: Request, apiKey: string): boolean {
  return request.headers.get('authorization') === apiKey;
}

/** The 401 for a request that `isAuthorized` refused. */
export function unauthorized(request: Request): Response {
  return nestError(401, request.headers.has('authorization') ? 'Invalid API key' : 'Unauthorized');
}
