export interface PostgresServer {
  /** The `postgres` database of the server, as the superuser `postgres` (trust auth). */
  url: string;
  /** A new empty database on this server: its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export interface PostgresServerOptions {
  /** Keep fsync on (the bench measures what a real server pays); off by default for speed. */
  fsync?: boolean;
}

/** The folder holding initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function findPostgresBinaries(root?: string, searchPath?: string): string;
export function startPostgresServer(options?: PostgresServerOptions): Promise<PostgresServer>;
/** An empty database on the server of serverUrl (a superuser's URL); icuLocale: its default collation. */
export function createDatabase(serverUrl: string, name: string, options?: { icuLocale?: string }): Promise<string>;
/** A new database with a name no other test file picks, English (ICU en-US) default collation. */
export function createTestDatabase(serverUrl: string, prefix: string): Promise<string>;
