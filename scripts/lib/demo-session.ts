/**
 * The demo's stand-in for a partner's own session: "sign in as demo user" sets an
 * HttpOnly cookie holding a random session id; `getUserId` maps it back to the user.
 * A real partner passes its own session lookup as `getUserId`.
 */
export const DEMO_SESSION_COOKIE = 'kyi_demo_session';
export const DEMO_USER_ID = 'demo-user-0001';

/**
 * The demo's `authorize` for the Explorer routes: only a signed-in user may read or change
 * the watchlist (its notes are private to the key holder). A boolean is enough: a refused
 * visitor `getUserId` finds signed out is answered 401 `session_required` by the handler.
 */
export function signedInOnly(...sessions: DemoSessions[]): (request: Request) => boolean {
  return (request) => sessions.some((s) => s.getUserId(request) !== undefined);
}

export interface DemoSessions {
  /** `getUserId` for `createKyiHandler`: the signed-in user's id, or undefined. */
  getUserId(request: Request): string | undefined;
  /** Answers `POST` (sign in) and `DELETE` (sign out) on the session route. */
  handle(request: Request): Response;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function createDemoSessions(userId = DEMO_USER_ID, cookie = DEMO_SESSION_COOKIE): DemoSessions {
  const sessions = new Map<string, string>();
  return {
    getUserId(request) {
      const sid = readCookie(request.headers.get('cookie'), cookie);
      return sid ? sessions.get(sid) : undefined;
    },
    handle(request) {
      const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
      if (request.method === 'POST') {
        const sid = crypto.randomUUID();
        sessions.set(sid, userId);
        headers.append('set-cookie', `${cookie}=${sid}; Path=/; HttpOnly; SameSite=Lax`);
        return new Response(JSON.stringify({ signedIn: true, userId }), { status: 200, headers });
      }
      if (request.method === 'DELETE') {
        const sid = readCookie(request.headers.get('cookie'), cookie);
        if (sid) sessions.delete(sid);
        headers.append('set-cookie', `${cookie}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
        return new Response(JSON.stringify({ signedIn: false }), { status: 200, headers });
      }
      if (request.method === 'GET') {
        const signedIn = this.getUserId(request) !== undefined;
        return new Response(JSON.stringify({ signedIn, userId: signedIn ? userId : null }), { status: 200, headers });
      }
      headers.set('allow', 'GET, POST, DELETE');
      return new Response(JSON.stringify({ code: 'method_not_allowed', message: 'Use GET, POST or DELETE' }), {
        status: 405,
        headers,
      });
    },
  };
}
