// The workspace lists images as a file manager does: "img2" before "img10", "aqua" before
// "YellowFlower". SQLite compares text byte by byte, so the order is baked into a key that
// sorts that way bytewise; the key is stored with the row so a page is one indexed read.

// Wide enough for any run of digits a path can hold (PATH_MAX is 4096 bytes).
const LENGTH_DIGITS = 4;

/**
 * Lower-cased path in which every run of digits becomes its length (fixed width) followed by
 * the digits without leading zeros: a longer number sorts after a shorter one. "/" becomes
 * U+0001 so a folder's images stay together, right after a file of the folder's name.
 */
export function naturalSortKey(relPath: string): string {
  return relPath
    .normalize('NFC')
    .toLowerCase()
    .replaceAll('/', '\u0001')
    .replace(/\d+/g, (digits) => {
      const number = digits.replace(/^0+(?=\d)/, '');
      return String(number.length).padStart(LENGTH_DIGITS, '0') + number;
    });
}

/** The SQL function migrations and statements use to fill the stored key. */
export const NATURAL_SORT_KEY_FUNCTION = 'natural_sort_key';
