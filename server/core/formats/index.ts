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
  exportStems,
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
export { exportYolo, importYolo, YOLO_CLASSES_PATH, YOLO_LABELS_FOLDER } from './yolo';
export { exportLabelme, importLabelme, LABELME_VERSION, type LabelmeFile } from './labelme';

import type { AnnotationType } from '@/server/core/types';
import { exportCoco, importCoco } from './coco';
import type { ExportItem, ExportResult, ImportFile, ImportOptions, ImportResult, ImportTarget } from './common';
import { exportLabelme, importLabelme } from './labelme';
import { exportVoc, importVoc } from './voc';
import { exportYolo, importYolo } from './yolo';

/** The dataset formats for training, by the name an export or import request uses. */
export const TRAINING_FORMATS = ['coco', 'voc', 'yolo', 'labelme'] as const;
export type TrainingFormat = (typeof TRAINING_FORMATS)[number];

export type TrainingExporter = (items: readonly ExportItem[], labels: readonly string[], type: AnnotationType) => ExportResult;
export type TrainingImporter = (
  files: readonly ImportFile[],
  images: readonly ImportTarget[],
  type: AnnotationType,
  options?: ImportOptions,
) => ImportResult;

export const TRAINING_EXPORTERS: Record<TrainingFormat, TrainingExporter> = {
  coco: exportCoco,
  voc: exportVoc,
  yolo: exportYolo,
  labelme: exportLabelme,
};

export const TRAINING_IMPORTERS: Record<TrainingFormat, TrainingImporter> = {
  coco: importCoco,
  voc: importVoc,
  yolo: importYolo,
  labelme: importLabelme,
};
