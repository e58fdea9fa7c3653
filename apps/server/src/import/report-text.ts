import { printable } from './printable.js';
import { describeKind, type ImportReport } from './run.js';

/** The report `npm run import` prints, one line each, every text made printable. */
export function reportLines(report: ImportReport): string[] {
  const lines: string[] = [''];
  if (report.problems.length > 0) {
    lines.push('Nothing was imported. What does not fit the shop:');
    for (const p of report.problems) lines.push(`  - ${p}`);
    lines.push('');
  }
  if (report.notes.length > 0) {
    lines.push('How the old data maps:');
    for (const n of report.notes) lines.push(`  - ${n}`);
    lines.push('');
  }
  if (report.kinds.length > 0) {
    lines.push(report.dryRun ? 'Would import:' : report.ok ? 'Imported:' : 'Found:');
    for (const k of report.kinds) {
      lines.push(`  ${k.kind.padEnd(12)} ${describeKind(k, report.dryRun)}`);
    }
  }
  if (report.ok && !report.dryRun) {
    lines.push('');
    lines.push("The dashboard's figures were counted again from the imported data.");
  }
  return lines.map(printable);
}
