/** classifai's `yyyy/MM/dd hh:mm:ss a` in the server's local time, e.g. 2021/12/16 09:05:03 PM. */
export function formatClassifaiDate(at: number | Date): string {
  const date = at instanceof Date ? at : new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = date.getHours();
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ` +
    `${pad(twelve)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}
