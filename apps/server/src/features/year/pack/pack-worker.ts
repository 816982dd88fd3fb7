import { strToU8, zipSync } from 'fflate';
import writeExcelFile from 'write-excel-file/node';
import { filsToDecimalString } from '@jamiya/money/format';
import { toCsv } from '../../../lib/csv.ts';
import { markStarted, type TimedTask } from '../../../lib/thread-pool.ts';
import type { Cell, PackBytes, Table } from './tables.ts';

// A thread of the pack's pool (pack-pool.ts): the year's tables written as XLSX and CSV and put
// in one ZIP, off the main thread (a year of 5,000 members is a few hundred thousand rows).

export type PackTask = TimedTask & { bytes: PackBytes };

const csvCell = (cell: Cell) =>
  cell === null ? null : typeof cell === 'string' ? cell : filsToDecimalString(cell);

/** A table's XLSX: words as text (never a formula, whatever they begin with), money as numbers. */
function xlsxOf(table: Table, rightToLeft: boolean): Promise<Buffer> {
  const cell = (c: Cell) =>
    c === null
      ? null
      : typeof c === 'string'
        ? { value: c, type: String }
        : { value: c / 100, type: Number, format: '#,##0.00' };
  return writeExcelFile(
    [
      table.header.map((h) => ({ value: h, type: String, fontWeight: 'bold' as const })),
      ...table.rows.map((r) => r.map(cell)),
    ],
    { sheet: table.name.slice(0, 31), stickyRowsCount: 1, rightToLeft },
  ).toBuffer();
}

export default async function writePack(task: PackTask): Promise<Uint8Array> {
  markStarted(task);
  const { pack, slices } = task.bytes;
  const decoder = new TextDecoder();
  const files: Record<string, Uint8Array> = { [`${pack.prefix}README.txt`]: strToU8(pack.readme) };
  for (const [i, named] of pack.tables.entries()) {
    const rows = slices[i]!.flatMap((bytes) => JSON.parse(decoder.decode(bytes)) as Cell[][]);
    const table: Table = { ...named, rows };
    const csv = toCsv(
      table.header,
      table.rows.map((r) => r.map(csvCell)),
    );
    files[`${pack.prefix}${table.name}.csv`] = strToU8(`\ufeff${csv}`);
    files[`${pack.prefix}${table.name}.xlsx`] = new Uint8Array(
      await xlsxOf(table, pack.rightToLeft),
    );
  }
  return zipSync(files, { level: 6 });
}
