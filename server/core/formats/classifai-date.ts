// classifai's date pattern `yyyy/MM/dd hh:mm:ss a` (reference E.1), in the server's local
// time zone like the original's JVM default.

const pad = (value: number) => String(value).padStart(2, '0');

/** e.g. 2021/12/16 09:05:03 PM */
export function formatClassifaiDate(date: Date): string {
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ` +
    `${pad(twelve)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

const PATTERN = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([AaPp][Mm])$/;

/** The local time written by formatClassifaiDate, or null for anything else (including 2021/02/30). */
export function parseClassifaiDate(text: string): Date | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const marker = (match[7] ?? '').toUpperCase();
  if (year === undefined || month === undefined || day === undefined) return null;
  if (hour === undefined || minute === undefined || second === undefined) return null;
  if (hour < 1 || hour > 12 || minute > 59 || second > 59) return null;
  const hours24 = (hour % 12) + (marker === 'PM' ? 12 : 0);
  const date = new Date(year, month - 1, day, hours24, minute, second);
  // The Date constructor rolls 02/30 over into March: refuse instead of guessing.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}
