import type { FastifyReply } from 'fastify';
import type { Language } from '@jamiya/contracts/languages';
import type { DbOrTx } from '../../../db/client.ts';
import { yearAmong } from '../years.ts';
import { gatherPack } from './gather.ts';
import { packZip } from './pack-pool.ts';

/** The year's pack as a ZIP and its name: read from the books, written in the pool. */
export async function yearPack(db: DbOrTx, year: number, now: Date, language: Language) {
  const { span } = await yearAmong(db, year, now);
  const pack = await gatherPack(db, span, language);
  return { fileName: pack.fileName, zip: await packZip(pack) };
}

/** Sends the year's pack as a download. */
export async function sendYearPack(
  db: DbOrTx,
  year: number,
  now: Date,
  language: Language,
  reply: FastifyReply,
) {
  const { fileName, zip } = await yearPack(db, year, now, language);
  return reply
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .type('application/zip')
    .send(zip);
}
