import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Writes to a temporary name, then renames: a reader never finds half a file under target. */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  const temporary = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await fsp.writeFile(temporary, content, { flag: 'wx' });
    await fsp.rename(temporary, target);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes what an earlier, interrupted write of target left behind (`<target>.<hex>.partial`):
 * our own temporary files, never a user's.
 */
export async function removeStalePartials(target: string): Promise<void> {
  const folder = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  const names = await fsp.readdir(folder).catch(() => [] as string[]);
  const stale = names.filter((name) => name.startsWith(prefix) && /^[0-9a-f]{8}\.partial$/.test(name.slice(prefix.length)));
  await Promise.all(stale.map((name) => fsp.rm(path.join(folder, name), { force: true })));
}
