import { unprocessable } from '../../../lib/errors.ts';
import { threadPool, type TimedTask } from '../../../lib/thread-pool.ts';
import { packBytes, type Pack, type PackBytes } from './tables.ts';

// The pack is written in a pool thread (lib/thread-pool.ts, decision 034): a year's general
// ledger as XLSX takes seconds, which in the main thread would stop every other answer.

const WRITE_TIME_LIMIT_MS = 120_000;
const run = threadPool<TimedTask & { bytes: PackBytes }, Uint8Array>(
  import.meta.url,
  'pack-worker',
  1024,
);

/** The pack's ZIP bytes; a 422 when it takes longer than the limit. */
export async function packZip(pack: Pack): Promise<Buffer> {
  const task = await packBytes(pack);
  const moved = task.slices.flat().map((slice) => slice.buffer as ArrayBuffer);
  const bytes = await run({ bytes: task }, WRITE_TIME_LIMIT_MS, moved);
  if (!bytes)
    throw unprocessable(
      /*i18n*/ 'This year is too large to pack in one file within two minutes. Download its reports one by one.',
    );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
