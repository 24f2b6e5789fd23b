/**
 * A repository as the SQLite files write it: the interface's methods with their answers
 * unwrapped, because better-sqlite3 answers at once. `repositories.ts` turns each into the
 * async method the core sees, behind the connection's transaction gate.
 */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};
