import type { ClassRecord } from '@/server/core/repositories';
import type { ClassRecordWire } from '../schemas/label.schema';

export const toClassRecordWire = (record: ClassRecord): ClassRecordWire => ({
  class_id: record.classId,
  name: record.name,
  color: record.color,
  hotkey: record.hotkey,
  coco_id: record.cocoId,
  yolo_index: record.yoloIndex,
});

export const toClassTableOutput = (records: readonly ClassRecord[]) => ({ message: 1 as const, classes: records.map(toClassRecordWire) });
