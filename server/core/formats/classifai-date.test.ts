import { describe, expect, it } from 'vitest';
import { formatClassifaiDate, parseClassifaiDate } from './classifai-date';

describe('classifai dates (yyyy/MM/dd hh:mm:ss a, local time)', () => {
  it('writes a 12-hour clock with two digits and AM/PM', () => {
    expect(formatClassifaiDate(new Date(2021, 11, 16, 21, 5, 3))).toBe('2021/12/16 09:05:03 PM');
    expect(formatClassifaiDate(new Date(2021, 0, 2, 0, 0, 0))).toBe('2021/01/02 12:00:00 AM');
    expect(formatClassifaiDate(new Date(2021, 0, 2, 12, 30, 59))).toBe('2021/01/02 12:30:59 PM');
    expect(formatClassifaiDate(new Date(2021, 0, 2, 11, 59, 59))).toBe('2021/01/02 11:59:59 AM');
  });

  it('reads back what it writes', () => {
    for (const date of [new Date(2021, 11, 16, 21, 5, 3), new Date(2024, 1, 29, 0, 0, 1), new Date(1999, 6, 4, 12, 0, 0)]) {
      expect(parseClassifaiDate(formatClassifaiDate(date))?.getTime()).toBe(date.getTime());
    }
    expect(parseClassifaiDate('2021/12/20 03:15:09 pm')?.getTime()).toBe(new Date(2021, 11, 20, 15, 15, 9).getTime());
  });

  it('refuses anything else', () => {
    for (const text of ['', '2021-12-16 09:05:03 PM', '2021/12/16 21:05:03 PM', '2021/12/16 00:05:03 AM', '2021/02/30 01:00:00 AM', '2021/12/16 09:05:03', '2021/13/01 01:00:00 AM', '2021/12/16 09:60:03 PM']) {
      expect(parseClassifaiDate(text), text).toBeNull();
    }
  });
});
