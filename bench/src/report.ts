export interface Row {
  scenario: string;
  measure: string;
  value: string;
  floor?: string;
  ofFloor?: string;
  target: string;
  met: boolean | null;
}

/** One plain-text table, columns padded to fit. */
export function formatTable(rows: Row[]): string {
  const header = ['scenario', 'measure', 'value', 'floor', '% floor', 'target', 'met'];
  const cells = rows.map((r) => [
    r.scenario,
    r.measure,
    r.value,
    r.floor ?? '',
    r.ofFloor ?? '',
    r.target,
    r.met === null ? '' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n');
}

export const fmt = {
  rps: (n: number) => `${Math.round(n).toLocaleString('en')} req/s`,
  ms: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : 'n/a'),
  pct: (n: number) => `${Math.round(n)} %`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
};
