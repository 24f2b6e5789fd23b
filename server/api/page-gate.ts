// Pages in team mode: someone not signed in is sent to the sign-in page, and comes back to the
// page they asked for afterwards.
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getCore } from '@/server/runtime/core-singleton';
import { identify, serverIsTeamMode, type RequestIdentity } from './request-actor';
import { safeNextPath } from './safe-next-path';


export async function requireSignedIn(path: string): Promise<RequestIdentity> {
  if (!serverIsTeamMode()) return { team: false, actor: null };
  const identity = await identify(await headers(), await getCore());
  if (!identity.actor) redirect(`/signin?next=${encodeURIComponent(safeNextPath(path))}`);
  return identity;
}
