import { initialSchema } from './001-initial';

/** Applied in order; PRAGMA user_version holds how many have run. */
export const migrations: readonly string[] = [initialSchema];
