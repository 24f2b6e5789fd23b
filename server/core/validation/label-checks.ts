// Labels a format has no way to write: the classifai configuration's label list is Java's
// list printing with no escaping (classifai-bracket.ts), classes.txt is one name a line, and
// XML readers strip the whitespace around a VOC <name>.
import type { ValidationFormat } from './rules';

/** Why the format cannot spell the label, or null when it can. */
export function unspellableLabel(label: string, format: ValidationFormat): string | null {
  switch (format) {
    case 'cfg':
    case 'cfgdata':
      if (label.includes(', ')) return `"${shown(label)}" holds ", ", which splits it in two when classifai reads the label list back`;
      if (label.includes(']}')) return `"${shown(label)}" holds "]}", which ends the label list early`;
      if (label !== label.trim()) return `"${shown(label)}" starts or ends with a space, which the label list loses`;
      return null;
    case 'yolo':
      if (/[\r\n]/.test(label)) return `"${shown(label)}" holds a line break: classes.txt gives each name one line`;
      return null;
    case 'voc':
      if (/[\r\n]/.test(label) || label !== label.trim()) return `"${shown(label)}" holds a line break or surrounding spaces, which VOC readers strip from <name>`;
      return null;
    case 'coco':
    case 'labelme':
      return null;
  }
}

const shown = (label: string) => JSON.stringify(label.length > 60 ? `${label.slice(0, 57)}...` : label).slice(1, -1);
