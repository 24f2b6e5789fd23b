// How a dataset export is laid out: by the project's train/val/test split when its images
// have one, else as the formats always wrote (an import's own subsets kept).
import type { ImageRecord, SplitName } from '@/server/core/types';
import type { ExportItem } from './common';

/** How the export is laid out, known before its first page. */
export interface ExportLayout {
  /**
   * Some image has a side of the project's split: the split lays the export out (YOLO
   * labels/<side>/, one COCO file per side, VOC ImageSets), not an import's own subsets.
   */
  bySplit: boolean;
}

/** The side an image is written on in a split layout; `unassigned` when it has none (see docs/datasets.md). */
export type ExportSide = SplitName | 'unassigned';
export const EXPORT_SIDES: readonly ExportSide[] = ['train', 'val', 'test', 'unassigned'];
export const exportSide = (image: ImageRecord): ExportSide => image.split ?? 'unassigned';

/** The layout that pages held in memory call for (tests, exportAllAtOnce). */
export const layoutOf = (pages: Iterable<readonly ExportItem[]>): ExportLayout => ({
  bySplit: [...pages].some((page) => page.some((item) => item.image.split !== undefined)),
});

