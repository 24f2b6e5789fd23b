// Team mode's sign-in: a plain form that works without JavaScript, posting to /api/auth/signin.
import { redirect } from 'next/navigation';
import { safeNextPath } from '@/server/api/safe-next-path';
import { serverIsTeamMode } from '@/server/api/request-actor';

export const dynamic = 'force-dynamic';

const SIGN_IN_ERRORS: Record<string, string> = {
  wrong: 'Wrong user name or password',
  wait: 'Too many failed sign-ins: wait 15 minutes and try again',
  failed: 'Signing in failed: try again',
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const next = safeNextPath(typeof query.next === 'string' ? query.next : null);
  if (!serverIsTeamMode()) redirect(next);
  const error = typeof query.error === 'string' ? (SIGN_IN_ERRORS[query.error] ?? SIGN_IN_ERRORS.failed) : null;
  return (
    <main className="page signin">
      <form className="card stack" method="post" action="/api/auth/signin">
        <h1>Sign in to Labelport</h1>
        <input type="hidden" name="next" value={next} />
        <label className="field">
          User name
          <input name="name" autoComplete="username" required autoFocus />
        </label>
        <label className="field">
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="row end">
          <button className="button primary" type="submit">
            Sign in
          </button>
        </div>
        <p className="muted small">No account? An admin adds users with <code>npm run users -- add NAME --role annotator</code>.</p>
      </form>
    </main>
  );
}
