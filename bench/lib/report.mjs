// One table per workload: figure, baseline, ratio, target, PASS/MISS. Rows are plain objects so
// the same data goes to --json.
//   { measure, figure, baseline, unit, ratio, target, pass (true/false/null = info only), note }

const fmt = (value, unit) => {
  if (value === null || value === undefined || Number.isNaN(value)) return '-';
  if (typeof value === 'string') return value;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
};

export function row(measure, { figure, baseline, unit = '', ratio, target = '', pass = null, note = '', baselineLabel = '' }) {
  const computed = ratio !== undefined ? ratio : typeof figure === 'number' && typeof baseline === 'number' && baseline > 0 ? figure / baseline : null;
  return { measure, figure, baseline, baselineLabel, unit, ratio: computed, target, pass, note };
}

export function printTable(title, rows) {
  const cells = rows.map((r) => [
    r.measure,
    fmt(r.figure, r.unit),
    `${fmt(r.baseline, r.unit)}${r.baselineLabel ? ` (${r.baselineLabel})` : ''}`,
    r.ratio === null || r.ratio === undefined ? '-' : `${r.ratio.toFixed(2)}x`,
    r.target,
    r.pass === null ? '' : r.pass ? 'PASS' : 'MISS',
  ]);
  const header = ['measure', 'figure', 'baseline', 'ratio', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((text, i) => (i === 0 || i === 4 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
  for (const r of rows) if (r.note) console.log(`  note (${r.measure}): ${r.note}`);
}
