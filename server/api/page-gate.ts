// Pages in team mode: someone not signed in is sent to the sign-in page, and comes back to the
// page they asked for afterwards.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getCore } from '@/server/runtime/core-singleton';
import { identify, serverIsTeamMode, type RequestIdentity } from './request-actor';

/** The same-site path to come back to after signing in; anything else goes home. */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

export async function requireSignedIn(path: string): Promise<RequestIdentity> {
  if (!serverIsTeamMode()) return { team: false, actor: null };
  const identity = await identify(await headers(), await getCore());
  if (!identity.actor) redirect(`/signin?next=${encodeURIComponent(safeNextPath(path))}`);
  return identity;
}
