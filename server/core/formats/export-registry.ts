// Every export format, in the order of the workspace's Export menu. The REST enum, the OpenAPI
// document and the menu are built from this list: a new dataset format is its own file in
// this folder (a DatasetExporter) plus one line below.
import { exportCocoPages } from './coco';
import type { DatasetExporter } from './common';
import { exportLabelmePages } from './labelme';
import { exportVocPages } from './voc';
import { exportYoloPages } from './yolo';

export type ExportContent =
  /** The classifai configuration (.json) next to the images. */
  | { kind: 'classifai_config' }
  /** The configuration and every image in one zip. */
  | { kind: 'classifai_config_with_images' }
  /** Files a dataset format builds from the shapes, in one zip. */
  | { kind: 'dataset'; exporter: DatasetExporter };

export interface ExportFormat {
  type: string;
  /** What the Export menu shows. */
  label: string;
  content: ExportContent;
}

export const EXPORT_FORMATS = [
  { type: 'cfg', label: 'classifai configuration (.json)', content: { kind: 'classifai_config' } },
  { type: 'cfgdata', label: 'configuration + images (.zip)', content: { kind: 'classifai_config_with_images' } },
  { type: 'coco', label: 'COCO (.zip)', content: { kind: 'dataset', exporter: exportCocoPages } },
  { type: 'voc', label: 'Pascal VOC (.zip)', content: { kind: 'dataset', exporter: exportVocPages } },
  { type: 'yolo', label: 'YOLO (.zip)', content: { kind: 'dataset', exporter: exportYoloPages } },
  { type: 'labelme', label: 'labelme (.zip)', content: { kind: 'dataset', exporter: exportLabelmePages } },
] as const satisfies readonly ExportFormat[];

export type ExportType = (typeof EXPORT_FORMATS)[number]['type'];

// The list is non-empty and its types are exactly ExportType: what z.enum wants.
export const EXPORT_TYPES = EXPORT_FORMATS.map((format) => format.type) as [ExportType, ...ExportType[]];

export function exportFormat(type: ExportType): ExportFormat {
  const format = EXPORT_FORMATS.find((candidate) => candidate.type === type);
  if (!format) throw new Error(`No export format ${type}`);
  return format;
}

/** The file an export writes into the project folder (classifai's names for cfg and cfgdata). */
export function exportFileName(projectName: string, format: ExportFormat): string {
  switch (format.content.kind) {
    case 'classifai_config':
      return `${projectName}.json`;
    case 'classifai_config_with_images':
      return `${projectName}.zip`;
    case 'dataset':
      return `${projectName}_${format.type}.zip`;
  }
}
