// Statements written with @name parameters, as the SQLite repositories write them, turned into
// PostgreSQL's $1..$n once: a statement built from parts then binds only what it uses (an
// unused $n would leave PostgreSQL unable to type it).
import type { PostgresDatabase, SqlValue } from './database';

export interface NamedStatement<Row extends object> {
  text: string;
  all(db: PostgresDatabase, params: Record<string, SqlValue>): Promise<Row[]>;
  get(db: PostgresDatabase, params: Record<string, SqlValue>): Promise<Row | undefined>;
}

export function namedStatement<Row extends object>(source: string): NamedStatement<Row> {
  const names: string[] = [];
  const text = source.replace(/@([a-zA-Z]\w*)/g, (_, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  const values = (params: Record<string, SqlValue>) =>
    names.map((name) => {
      const value = params[name];
      if (value === undefined) throw new Error(`No value for @${name}`);
      return value;
    });
  const all = async (db: PostgresDatabase, params: Record<string, SqlValue>) => (await db.query<Row>(text, values(params))).rows;
  return { text, all, get: async (db, params) => (await all(db, params))[0] };
}
