/**
 * Reads a list a page at a time until a page comes back short, so a big project is never held
 * in memory whole. readPage gets the offset and the page size; one page is asked for at a time.
 */
export async function* readPages<T>(readPage: (offset: number, limit: number) => Promise<T[]>, pageSize: number): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += pageSize) {
    const page = await readPage(offset, pageSize);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}
