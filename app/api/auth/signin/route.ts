// Sign-in: the form on /signin posts here (answered with redirects, so it works without
// JavaScript); a JSON body gets JSON back (scripts, tests). The session token goes only into an
// HttpOnly, SameSite=Strict cookie.
import { envelope, ERROR_CODES, toRestFailure } from '@/server/api/errors';
import { checkLocal, refusalBody } from '@/server/api/local-only';
import { readBody } from '@/server/api/read-body';
import { safeNextPath } from '@/server/api/safe-next-path';
import { cameOverHttps, SESSION_COOKIE_MAX_AGE_SECONDS, sessionCookie } from '@/server/api/session-cookie';
import { getCore } from '@/server/runtime/core-singleton';
import { readEnv } from '@/server/env';

export const dynamic = 'force-dynamic';

// Route handlers do not see the socket's address. Behind a proxy the operator trusts
// (LABELPORT_TRUST_PROXY=1) its X-Forwarded-For names the client; otherwise any client could
// write that header, so the limit is per account only (an address key anyone can forge or share
// would let one client lock everyone out).
function clientAddress(headers: Headers): string | null {
  if (readEnv().LABELPORT_TRUST_PROXY !== '1') return null;
  return headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

// A name, a password and a path to come back to take a few hundred bytes; a body over this is
// read no further and refused (413), never tried as a sign-in.
const MAX_SIGN_IN_BODY_BYTES = 16 * 1024;

interface SignInForm {
  name: string;
  password: string;
  next: string;
  json: boolean;
}

/** The posted form; null when the body is over the limit or its reading broke off. */
async function readForm(request: Request): Promise<SignInForm | null> {
  const contentType = request.headers.get('content-type') ?? '';
  const bytes = await readBody(request, MAX_SIGN_IN_BODY_BYTES).catch(() => null);
  if (bytes === null) return null;
  const body = new Response(bytes, { headers: { 'content-type': contentType } });
  if (contentType.includes('application/json')) {
    const fields = (await body.json().catch(() => ({}))) as Record<string, unknown>;
    return { name: String(fields.name ?? ''), password: String(fields.password ?? ''), next: String(fields.next ?? '/'), json: true };
  }
  const form = await body.formData().catch(() => new FormData());
  return { name: String(form.get('name') ?? ''), password: String(form.get('password') ?? ''), next: String(form.get('next') ?? '/'), json: false };
}

const seeOther = (location: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { location, ...headers } });

export async function POST(request: Request): Promise<Response> {
  // A sign-in posted from another site's page (login CSRF) is refused like any other request.
  const verdict = checkLocal(request.headers);
  if ('refused' in verdict) return Response.json(refusalBody(verdict.refused), { status: 403 });
  const form = await readForm(request);
  if (!form) {
    const failure = envelope(413, ERROR_CODES.badParam, `Sign-in body larger than ${MAX_SIGN_IN_BODY_BYTES / 1024} KiB`);
    if (request.headers.get('content-type')?.includes('application/json')) return Response.json(failure.body, { status: failure.status });
    return seeOther('/signin?error=failed');
  }
  const next = safeNextPath(form.next);
  try {
    const core = await getCore();
    const signedIn = await core.users.signIn(form.name, form.password, clientAddress(request.headers));
    const cookie = sessionCookie(signedIn.sessionToken, SESSION_COOKIE_MAX_AGE_SECONDS, cameOverHttps(request));
    if (form.json) return Response.json({ message: 1, name: signedIn.actor.name, role: signedIn.actor.role }, { headers: { 'set-cookie': cookie } });
    return seeOther(next, { 'set-cookie': cookie });
  } catch (error) {
    const failure = toRestFailure(error);
    if (form.json) return Response.json(failure.body, { status: failure.status });
    // A code, not the text: a link must not be able to put words of its own on our page.
    const code = failure.status === 429 ? 'wait' : failure.status === 401 ? 'wrong' : 'failed';
    return seeOther(`/signin?error=${code}&next=${encodeURIComponent(next)}`);
  }
}
