import { Readable } from 'node:stream';
import type { Context } from 'koa';

/** A spreadsheet would run a cell starting like a formula: such text is kept as text by a leading quote. */
const FORMULA_START = /^[=+@\t\r]|^-[^\d]/;

function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: Array<string | number | Date | null>) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Answers with a CSV file to save, its rows streamed as they are read, batch by batch, so an export
 * of any size never sits whole in memory.
 */
export function sendCsv(
  ctx: Context,
  filename: string,
  header: string[],
  rows: AsyncIterable<Array<string | number | Date | null>>,
): undefined {
  async function* lines() {
    yield csvLine(header);
    for await (const row of rows) yield csvLine(row);
  }
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = Readable.from(lines());
  return undefined;
}
