// Sign in as the app does (JSON body, XHR marker), keeping the cookie and the anti-forgery token
// that every later call must send.

export interface SessionUser {
  id: number;
  username: string;
  level: number;
  organisationId: number;
  organisationKind: string;
}

export interface SignedIn {
  user: SessionUser;
  /** The headers every authenticated call sends. */
  headers: Record<string, string>;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

export async function signIn(baseUrl: string, username: string, password: string): Promise<SignedIn> {
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { ...XHR, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Sign-in as "${username}" failed: ${res.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { user: SessionUser; csrfToken: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('lifeboat_session='));
  if (!cookie) throw new Error('Sign-in answered 200 but set no lifeboat_session cookie.');

  const headers = { ...XHR, Cookie: cookie, 'X-CSRF-Token': body.csrfToken };
  // Check the session works before spending seconds on a load test of 401s.
  const check = await fetch(`${baseUrl}/api/session`, { headers });
  if (!check.ok) throw new Error(`The new session is refused: GET /api/session answered ${check.status}.`);
  return { user: body.user, headers };
}
