// Public API of the export/import formats: pure functions from domain records to file
// contents and back. Reading files, hashing and zipping belong to the callers.
export {
  toPixelShapes,
  clipShape,
  clipBounds,
  clipPolygon,
  polygonArea,
  polygonBounds,
  shapeBounds,
  shapeOutline,
  boundsCorners,
  type Bounds,
  type PixelSize,
  type Point,
} from './geometry';
export { formatClassifaiDate, parseClassifaiDate } from './classifai-date';
export {
  formatVersion,
  formatVersionList,
  formatVersionMap,
  parseVersion,
  parseVersionList,
  parseVersionMap,
  type VersionRecord,
} from './classifai-bracket';
export type { ClassifaiBoxWire, ClassifaiPointWire, ClassifaiPolygonWire, ClassifaiShapeWire } from './classifai-wire';
export {
  buildClassifaiConfig,
  serializeClassifaiConfig,
  parseClassifaiConfig,
  type ClassifaiConfig,
  type ClassifaiImageEntry,
  type ExportImage,
  type ParsedClassifaiImage,
  type ParsedClassifaiProject,
  type ParseClassifaiResult,
} from './classifai-cfg';
export {
  exportPages,
  exportStems,
  type DatasetExporter,
  type DatasetWriter,
  type ExportFile,
  type ExportItem,
  type ExportResult,
  type ImportFile,
  type ImportOptions,
  type ImportResult,
  type ImportTarget,
} from './common';
export { exportCoco, importCoco, buildCocoDataset, COCO_PATH, type CocoDataset } from './coco';
export { exportVoc, importVoc, VOC_FOLDER } from './voc';
export { exportYolo, importYolo, YOLO_CLASSES_PATH, YOLO_DATA_PATH, YOLO_LABELS_FOLDER } from './yolo';
export { DEFAULT_COCO_ID_BASE, DEFAULT_YOLO_INDEX_BASE, type ExportClass, type ExportLabel, type ExportOptions } from './class-numbering';
export { exportLabelme, importLabelme, LABELME_VERSION, type LabelmeFile } from './labelme';
export { EXPORT_FORMATS, EXPORT_TYPES, exportFileName, exportFormat, type ExportContent, type ExportFormat, type ExportType } from './export-registry';

import type { AnnotationType } from '@/server/core/types';
import { importCoco } from './coco';
import type { ImportFile, ImportOptions, ImportResult, ImportTarget } from './common';
import { importLabelme } from './labelme';
import { importVoc } from './voc';
import { importYolo } from './yolo';

/** The dataset formats an annotation import reads, by the name the request uses. */
export const TRAINING_FORMATS = ['coco', 'voc', 'yolo', 'labelme'] as const;
export type TrainingFormat = (typeof TRAINING_FORMATS)[number];

export type TrainingImporter = (
  files: readonly ImportFile[],
  images: readonly ImportTarget[],
  type: AnnotationType,
  options?: ImportOptions,
) => ImportResult;

export const TRAINING_IMPORTERS: Record<TrainingFormat, TrainingImporter> = {
  coco: importCoco,
  voc: importVoc,
  yolo: importYolo,
  labelme: importLabelme,
};
