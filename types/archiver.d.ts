// archiver 8 ships no types; this declares only what server/media/zip-writer.ts uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface EntryData {
    name: string;
    store?: boolean;
    date?: Date;
    mode?: number;
  }

  export class ZipArchive extends Transform {
    constructor(options?: { store?: boolean; zlib?: { level?: number }; forceZip64?: boolean });
    append(source: Readable | Buffer | string, data: EntryData): this;
    file(path: string, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
  }
}
