// Creation scans and reloads: walk the folder, identify images from their headers, and
// commit a few hundred rows per transaction so a kill loses at most one batch.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { walkFolder, type FolderEntry } from '@/server/files/project-folder';
import { probeImageFile } from '@/server/media/image-media';
import { invalidState, notFound } from '../errors';
import type { NewImage, Repositories, StoredImagePath } from '../repositories';
import type { JobKinds } from './job-kinds';
import type { JobHandler } from './job-runner';
import { mapLimited } from '@/server/files/map-limited';

export interface FolderScanParams {
  projectId: string;
  mode: 'create' | 'reload';
}

export interface FolderScanResult {
  /** Absolute paths of files named like images that are not readable images. */
  unsupported: string[];
  added: string[];
  removed: string[];
}

// Rows per commit: each commit is an fsync (synchronous=FULL) that blocks the event loop.
const BATCH = 2000;
const PROBES_IN_FLIGHT = 16;
// Files reported as unsupported when they are not images we read: classifai's list (an
// empty or corrupt photo) and image formats it never read (TIFF, GIF, HEIC...), so the user
// learns why a scan left them out. Other files (label texts, notes) are not images at all.
// classifai matches its suffixes without a dot, case-sensitively; any case is listed here.
const IMAGE_NAME = /(jpe?g|png|bmp|webp)$|\.(tiff?|gif|hei[cf]|avif|jxl|jp2)$/i;

const looksLikeImage = (name: string) => IMAGE_NAME.test(name);
/**
 * A scan this large ends with the store's statistics refreshed (repos.images.refreshStatistics)
 * and one full collection: its walk, probes and rows are garbage that V8 would keep (as RSS)
 * until its old generation grows much further (about 30 ms, once a scan; +100-150 MB after
 * 100,000 images otherwise).
 */
const BIG_SCAN_ENTRIES = 10_000;


export function createFolderScanHandler(repos: Repositories, compactHeap?: () => void): JobHandler<JobKinds['scan']> {
  return async ({ projectId, mode }, context) => {
    const project = await repos.projects.findById(projectId);
    if (!project) throw notFound('The project was deleted during the scan');
    context.setPhase('iterating');
    let entries: FolderEntry[];
    try {
      entries = await walkFolder(project.folder, context.signal);
    } catch {
      throw invalidState(`The project folder ${project.folder} cannot be read`);
    }
    const known = mode === 'reload' ? await repos.images.pathIndex(projectId) : new Map<string, StoredImagePath>();
    const result: FolderScanResult = { unsupported: [], added: [], removed: [] };
    const seen = new Set<string>();
    context.setPhase('updating');
    context.progress(0, entries.length);

    for (let start = 0; start < entries.length; start += BATCH) {
      context.signal.throwIfAborted();
      const batch = entries.slice(start, start + BATCH);
      const probed = await mapLimited(batch, PROBES_IN_FLIGHT, async (entry) => {
        const stored = known.get(entry.relPath);
        // Unchanged size and mtime: the stored header facts still hold, skip the read (unless
        // the orientation was never read: a project from before it was stored).
        if (stored && stored.fileSize === entry.size && stored.mtimeMs === entry.mtimeMs && stored.orientation !== undefined) return { entry, image: stored, changed: false };
        const probe = await probeImageFile(entry.absPath);
        if (!probe) return { entry, image: null, changed: true };
        const image: NewImage = {
          uuid: stored?.uuid ?? randomUUID(),
          relPath: entry.relPath,
          format: probe.format,
          width: probe.width,
          height: probe.height,
          depth: probe.depth,
          orientation: probe.orientation,
          fileSize: entry.size,
          mtimeMs: entry.mtimeMs,
        };
        return { entry, image, changed: true };
      });
      await repos.inTransaction(async () => {
        const inserts: NewImage[] = [];
        for (const { entry, image, changed } of probed) {
          if (!image) {
            if (looksLikeImage(path.basename(entry.relPath))) result.unsupported.push(entry.absPath);
            continue;
          }
          seen.add(entry.relPath);
          const existing = known.get(entry.relPath);
          if (!existing) {
            inserts.push(image);
            if (mode === 'reload') result.added.push(image.uuid);
            continue;
          }
          if (changed) await repos.images.updateFileFacts(projectId, existing.uuid, image);
          if (!existing.present) {
            await repos.images.setPresent(projectId, [existing.uuid], true);
            result.added.push(existing.uuid);
          }
        }
        await repos.images.insertMany(projectId, inserts);
      });
      context.progress(Math.min(start + BATCH, entries.length), entries.length);
    }

    const missing = [...known].filter(([relPath, image]) => image.present && !seen.has(relPath)).map(([, image]) => image.uuid);
    await repos.inTransaction(() => repos.images.setPresent(projectId, missing, false));
    result.removed = missing;
    if (entries.length >= BIG_SCAN_ENTRIES) {
      await repos.images.refreshStatistics();
      if (compactHeap) {
        entries = [];
        seen.clear();
        known.clear();
        compactHeap();
      }
    }
    return { result };
  };
}
