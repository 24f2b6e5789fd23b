/**
 * Reads a list a page at a time until a page comes back short, so a big project is never held
 * in memory whole. readPage gets the offset and the page size.
 */
export function* readPages<T>(readPage: (offset: number, limit: number) => T[], pageSize: number): Generator<T[]> {
  for (let offset = 0; ; offset += pageSize) {
    const page = readPage(offset, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}
