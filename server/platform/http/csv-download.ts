import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { Money } from '../../kernel/money';

/**
 * A cell of an export, typed by its column: text, a number or an amount (written as they are, a
 * negative one with its minus sign), a time, or nothing.
 */
export type CsvCell = string | number | Money | Date | null;

/** A spreadsheet runs a text cell starting with one of these as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * One cell as RFC 4180 writes it. Text that would start a formula is kept as text by a leading
 * quote, and such a cell is always quoted; numbers are never touched, so `-12.5` stays a number.
 */
function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (value instanceof Money) return value.toFixed();
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) return quoted(`'${text}`);
  return /[",\r\n]/.test(text) ? quoted(text) : text;
}

const csvLine = (cells: CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Answers with a CSV file to save, its rows streamed as they are read, batch by batch, so an export
 * of any size never sits whole in memory.
 */
export function sendCsv(ctx: Context, filename: string, header: string[], rows: AsyncIterable<CsvCell[]>): undefined {
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
