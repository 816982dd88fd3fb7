import type { Fils } from '@jamiya/money/fils';
import { letOthersIn } from '../../../lib/batches.ts';

// The accountant's pack as tables (docs/domain/year.md): each written as XLSX and CSV beside it
// by the pool thread (pack-worker.ts), from the same rows, so the two never differ.

/** A cell: words, a sum of money (a number: fils, written in AED), or nothing. */
export type Cell = string | Fils | null;

export interface Table {
  /** The file's name without its extension, and the XLSX sheet's. */
  name: string;
  header: string[];
  rows: Cell[][];
}

export interface Pack {
  /** The ZIP's name. */
  fileName: string;
  /** Each file's name starts with it: "DRAFT-" for a year not closed, else nothing. */
  prefix: string;
  readme: string;
  tables: Table[];
  rightToLeft: boolean;
}

export const money = (fils: Fils): Cell => fils;

/** Rows turned to text or built between two turns of the event loop. */
export const SLICE = 2_000;

/** The pack as the pool thread takes it: each table's rows as slices of JSON, in bytes. */
export interface PackBytes {
  pack: Omit<Pack, 'tables'> & { tables: Array<Omit<Table, 'rows'>> };
  slices: Uint8Array[][];
}

/**
 * The pack's rows as bytes, a slice at a time with the event loop let in between, to be moved
 * to the thread, not copied: a year of 5,000 members is a million cells, which cloned to the
 * thread as objects stopped the server for 0.9 s, and as one string for 0.26 s.
 */
export async function packBytes(pack: Pack): Promise<PackBytes> {
  const encoder = new TextEncoder();
  const slices: Uint8Array[][] = [];
  for (const table of pack.tables) {
    const parts: Uint8Array[] = [];
    for (let start = 0; start < table.rows.length; start += SLICE) {
      parts.push(encoder.encode(JSON.stringify(table.rows.slice(start, start + SLICE))));
      await letOthersIn();
    }
    slices.push(parts);
  }
  return {
    pack: { ...pack, tables: pack.tables.map(({ name, header }) => ({ name, header })) },
    slices,
  };
}
