'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/provider';

/** Who the browser is, for pages that change what they offer by role. Local mode: no actor, everything allowed. */
export function useMe() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 60_000 }));
  const role = me.data?.actor?.role;
  return {
    team: me.data?.team ?? false,
    actor: me.data?.actor ?? null,
    // False until the server has said: the page's first HTML then has no admin buttons, which
    // did nothing when clicked before the script ran, and shows none to a viewer meanwhile.
    isAdmin: me.data ? !me.data.team || role === 'admin' : false,
    mayAnnotate: !me.data?.team || role === 'admin' || role === 'annotator',
  };
}

/** Team mode's corner: the signed-in name and role, the admin page for admins, and sign-out. */
export function SignedInAs() {
  const me = useMe();
  if (!me.team || !me.actor) return null;
  return (
    <form className="row signed-in" method="post" action="/api/auth/signout">
      <span className="muted">
        {me.actor.name} · {me.actor.role}
      </span>
      {me.isAdmin ? (
        <a className="button" href="/admin">
          Users
        </a>
      ) : null}
      <button className="button" type="submit">
        Sign out
      </button>
    </form>
  );
}
