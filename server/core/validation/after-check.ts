// The "after" checks of one export: every file the writer produced, judged as the format's
// consumers read it. Per-image files are checked as they are written, the shared ones
// (COCO's JSON, YOLO's classes.txt) when the writer finishes.
import type { CocoRecordObserver, ExportFile, ExportItem } from '../formats/common';
import { checkCocoAnnotation, checkCocoCategory, checkCocoFile, checkCocoImage, checkCocoTop, createCocoFileCheck } from './coco-checks';
import { YOLO_CLASSES_PATH } from '../formats/yolo';
import { createRuleCollector, type RuleResult } from './collector';
import type { ValidationFormat } from './rules';
import { checkLabelmeFile, checkVocFile, createYoloFilesCheck } from './written-checks';


export function createAfterCheck(format: ValidationFormat) {
  const collector = createRuleCollector([format]);
  const yolo = format === 'yolo' ? createYoloFilesCheck(collector.add) : null;
  let classesTxt: string | null = null;
  return {
    /** A file as it went into the zip; item: the image it was written for (per-image files). */
    file(file: ExportFile, item?: ExportItem): void {
      const place = { imageUuid: item?.image.uuid ?? '', relPath: item?.image.relPath ?? '' };
      const lower = file.path.toLowerCase();
      switch (format) {
        case 'yolo':
          if (file.path === YOLO_CLASSES_PATH) classesTxt = file.content;
          else if (item && lower.endsWith('.txt')) yolo?.file(file.content, place, file.path);
          return;
        case 'voc':
          if (item && lower.endsWith('.xml')) checkVocFile(file.content, place, file.path, collector.add);
          return;
        case 'labelme':
          if (item && lower.endsWith('.json')) checkLabelmeFile(file.content, place, file.path, collector.add);
          return;
        case 'coco':
          if (!item && lower.endsWith('.json')) checkCocoFile(file.path, file.content, collector.add);
          return;
        case 'cfg':
        case 'cfgdata':
          return;
      }
    },
    /** The records of a streamed COCO file, checked one by one as they are written. */
    cocoFile(path: string): CocoRecordObserver {
      const check = createCocoFileCheck(path, collector.add);
      return {
        start(top, categories) {
          checkCocoTop(check, top);
          for (const category of categories) checkCocoCategory(check, category);
        },
        image: (record) => checkCocoImage(check, record),
        annotation: (record) => checkCocoAnnotation(check, record),
      };
    },
    results(): RuleResult[] {
      if (yolo && classesTxt !== null) yolo.finish(classesTxt);
      return collector.results();
    },
  };
}
