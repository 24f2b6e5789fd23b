'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useHydrated } from '@/components/ui/useHydrated';
import { SignedInAs } from '@/components/home/SignedInAs';
import { errorText, useTRPC } from '@/components/trpc/provider';
import { roleShape } from '@/server/api/schemas/user.schema';

type Role = (typeof roleShape.options)[number];
const ROLES = roleShape.options;

const when = (ms: number | null) => (ms === null ? 'never' : new Date(ms).toLocaleString());

/** The admin page: the same user directory as `npm run users`. Secrets are shown once. */
export function UsersAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.users.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey() });
  const [secret, setSecret] = useState<string | null>(null);
  const hydrated = useHydrated();
  const addForm = useRef<HTMLFormElement>(null);
  const onDone = { onSuccess: () => void refresh() };
  const add = useMutation(trpc.users.add.mutationOptions({ onSuccess: (added) => (setSecret(`Password for ${added.name} (shown once): ${added.password}`), addForm.current?.reset(), void refresh()) }));
  const issue = useMutation(trpc.users.issueToken.mutationOptions({ onSuccess: (issued) => (setSecret(`API token ${issued.id} (shown once): ${issued.token}`), void refresh()) }));
  const remove = useMutation(trpc.users.remove.mutationOptions(onDone));
  const setUserRole = useMutation(trpc.users.setRole.mutationOptions(onDone));
  const revoke = useMutation(trpc.users.revokeToken.mutationOptions(onDone));
  const failure = [users, add, issue, remove, setUserRole, revoke].find((state) => state.error)?.error;

  return (
    <main className="page">
      <header className="page-header">
        <div>
          <h1>Users</h1>
          <p className="muted">
            <a href="/">Projects</a> · viewers read, annotators edit annotations and labels, admins also manage projects and users.
          </p>
        </div>
        <SignedInAs />
      </header>
      {failure ? <p className="error" role="alert">{errorText(failure)}</p> : null}
      {secret ? (
        <p className="warning" role="status">
          <code>{secret}</code>
        </p>
      ) : null}
      <form
        ref={addForm}
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          // Read from the form, not from state: what was typed before hydration counts too.
          const fields = new FormData(event.currentTarget);
          add.mutate({ name: String(fields.get('name') ?? ''), role: String(fields.get('role') ?? 'annotator') as Role });
        }}
      >
        <input name="name" aria-label="New user name" placeholder="name" required maxLength={64} />
        <select name="role" aria-label="Role of the new user" defaultValue="annotator">
          {ROLES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
        <button className="button primary" type="submit" disabled={!hydrated}>
          Add user
        </button>
      </form>
      <table className="users-table" aria-label="Users">
        <thead>
          <tr>
            <th>Name</th>
            <th>Role</th>
            <th>API tokens</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(users.data ?? []).map((user) => (
            <tr key={user.name}>
              <td>{user.name}</td>
              <td>
                <select aria-label={`Role of ${user.name}`} value={user.role} onChange={(event) => setUserRole.mutate({ name: user.name, role: event.target.value as Role })}>
                  {ROLES.map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </select>
              </td>
              <td>
                {user.tokens.map((token) => (
                  <div key={token.id} className="row small">
                    <code>{token.id}</code>
                    <span className="muted">last used {when(token.lastUsedAt)}</span>
                    {token.revokedAt ? (
                      <span className="muted">revoked</span>
                    ) : (
                      <button className="button" onClick={() => revoke.mutate({ id: token.id })}>
                        Revoke
                      </button>
                    )}
                  </div>
                ))}
                <button className="button" onClick={() => issue.mutate({ name: user.name })}>
                  New token
                </button>
              </td>
              <td>
                <button
                  className="button"
                  onClick={() => {
                    if (window.confirm(`Remove ${user.name}? Their sessions end and their tokens stop working.`)) remove.mutate({ name: user.name });
                  }}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
