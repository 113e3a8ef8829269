/**
 * Public API authentication (spec 5 rule 1, field notes): the raw key in `Authorization`.
 * A `Bearer` prefix, a wrong key or no header is 401 `{"message":"Unauthorized","statusCode":401}`.
 */
export function isAuthorized(request: Request, apiKey: string): boolean {
  return request.headers.get('authorization') === apiKey;
}
