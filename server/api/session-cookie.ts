// How a request says who it is in team mode: the browser's session cookie (set by sign-in), or
// a REST client's `Authorization: Bearer <token>`.

export const SESSION_COOKIE = 'labelport_session';

export function readSessionCookie(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || null;
  }
  return null;
}

export function readBearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** Secure when the browser reached us over HTTPS (directly or through a TLS-ending proxy). */
export function cameOverHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/**
 * The browser keeps the cookie long; the server decides how long the session lives (sliding
 * LABELPORT_SESSION_TTL_MS), so a session in use never loses its cookie at the first TTL.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}${secure ? '; Secure' : ''}`;
}

export const clearedSessionCookie = (secure: boolean) => sessionCookie('', 0, secure);
