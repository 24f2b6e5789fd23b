// Who the current request acts for, as the audit trail records it: set once per request by the
// API layer, read wherever a change is stored, without threading a parameter through every
// service. Jobs started by a request keep its user (async context follows them).
import { AsyncLocalStorage } from 'node:async_hooks';

// One store for every bundle Next loads this module into (see errors.ts on duplicated modules).
const key = Symbol.for('labelport.actingUser');
const holder = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<string> };
const storage = (holder[key] ??= new AsyncLocalStorage<string>());

/** The user's name, or "local" outside a request or in the local single-user mode. */
export const actingUser = (): string => storage.getStore() ?? 'local';

export const actAs = <T>(name: string, fn: () => T): T => storage.run(name, fn);
