// `npm run users -- <command>`: manage a team server's users and API tokens from a shell, on
// the store the server uses (DATA_DIR's SQLite or DATABASE_URL), also while it runs.
import { isDomainError } from '@/server/core/errors';
import { ROLES } from '@/server/core/users/actor';
import { checkRole, createUserService } from '@/server/core/users/user.service';
import { readEnv } from '@/server/env';
import { openStore } from '@/server/runtime/open-store';

const USAGE = `Usage: npm run users -- <command>
  add NAME --role admin|annotator|viewer   add a user; prints a generated password
  token NAME                               print a new API token (Authorization: Bearer <token>)
  list                                     users, roles and token ids
  role NAME admin|annotator|viewer         change a user's role
  remove NAME                              remove a user, their sessions and tokens
  revoke TOKEN_OR_ID                       revoke an API token`;

class UsageError extends Error {}

function roleOption(args: string[]): string {
  const at = args.indexOf('--role');
  const role = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
  if (!role) throw new UsageError(`add needs --role (${ROLES.join(', ')})`);
  return role;
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

async function run(args: string[]): Promise<void> {
  const [command, name] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const needName = () => {
    if (!name || name.startsWith('--')) throw new UsageError(`${command} needs a name`);
    return name;
  };
  const env = readEnv();
  const store = await openStore({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, asServer: false });
  try {
    const users = createUserService({ users: store.repos.users, now: Date.now });
    switch (command) {
      case 'add': {
        const added = await users.add(needName(), checkRole(roleOption(args)));
        console.log(`Added ${added.name} (${added.role}). Password (shown once): ${added.password}`);
        return;
      }
      case 'token': {
        const issued = await users.issueToken(needName());
        console.log(`Token ${issued.id} for ${name} (shown once): ${issued.token}`);
        return;
      }
      case 'list':
        for (const user of await users.list()) {
          console.log(`${user.name}\t${user.role}\tadded ${when(user.createdAt)}`);
          for (const token of user.tokens) {
            console.log(`  ${token.id}\tcreated ${when(token.createdAt)}\tlast used ${when(token.lastUsedAt)}${token.revokedAt ? `\trevoked ${when(token.revokedAt)}` : ''}`);
          }
        }
        return;
      case 'role': {
        const role = args[2];
        if (!role) throw new UsageError(`role needs a name and a role (${ROLES.join(', ')})`);
        await users.setRole(needName(), checkRole(role));
        console.log(`${name} is now ${role}`);
        return;
      }
      case 'remove':
        await users.remove(needName());
        console.log(`Removed ${name}`);
        return;
      case 'revoke':
        await users.revokeToken(needName());
        console.log('Revoked');
        return;
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(isDomainError(error) ? error.message : String(error));
  process.exitCode = 1;
});
