import { createHash } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName, PDFString, type PDFContext } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sanitizeUpload } from './sanitize-upload.ts';
import {
  PDF_TOO_LARGE,
  UNREADABLE,
  includesText,
  onePagePdf,
  pdfBomb,
  rejectionOf,
} from '../../../test/support/uploads.ts';

// Names only a PDF that can run or carry something has; none may reach the stored copy.
const ACTIVE_NAMES = ['/JavaScript', '/JS', '/OpenAction', '/AA', '/EmbeddedFile', '/Launch'];

function action(context: PDFContext, script: string): PDFDict {
  return context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(script) });
}

/** A one-page receipt carrying every way a PDF can run code or hide a file. */
async function hostilePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 400]);
  page.drawText('Receipt 42', { x: 40, y: 340 });
  const context = doc.context;

  doc.catalog.set(PDFName.of('OpenAction'), context.register(action(context, 'app.alert(1)')));
  doc.catalog.set(PDFName.of('AA'), context.obj({ WC: action(context, 'app.alert(2)') }));
  page.node.set(PDFName.of('AA'), context.obj({ O: action(context, 'app.alert(3)') }));

  const scriptLink = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: action(context, 'app.alert(4)'),
  });
  const launchLink = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 20, 100, 40],
    A: { S: 'Launch', F: PDFString.of('calc.exe') },
  });
  const webLink = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 40, 100, 60],
    A: { S: 'URI', URI: PDFString.of('https://example.com/receipt') },
  });
  page.node.set(
    PDFName.of('Annots'),
    context.obj([scriptLink, launchLink, webLink].map((annot) => context.register(annot))),
  );

  // attach() writes the /Names tree (with /EmbeddedFiles) on save; a document-level script
  // goes next to it once it exists.
  await doc.attach(Buffer.from('MZ not a receipt'), 'payload.exe', { mimeType: 'text/plain' });
  const withFile = await PDFDocument.load(await doc.save(), { updateMetadata: false });
  const names = withFile.catalog.lookup(PDFName.of('Names'), PDFDict);
  const scripts = withFile.context.obj({
    Names: [
      PDFString.of('init'),
      withFile.context.register(action(withFile.context, 'app.alert(5)')),
    ],
  });
  names.set(PDFName.of('JavaScript'), withFile.context.register(scripts));
  return Buffer.from(await withFile.save());
}

/** The stored copy with every object written out plainly, so names can be searched. */
async function plainText(pdf: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('sanitizeUpload: PDF', () => {
  it('stores a rewritten copy with no script, open action, launch action or embedded file', async () => {
    const input = await hostilePdf();
    const before = await plainText(input);
    for (const name of ACTIVE_NAMES) expect(includesText(before, name), name).toBe(true);

    const out = await sanitizeUpload(input);

    expect(out).toMatchObject({
      mime: 'application/pdf',
      ext: 'pdf',
      kind: 'pdf',
      originalSha256: createHash('sha256').update(input).digest('hex'),
      pictureHash: null,
    });
    const doc = await PDFDocument.load(out.data);
    expect(doc.getPageCount()).toBe(1);
    const text = await plainText(out.data);
    for (const name of ACTIVE_NAMES) expect(includesText(text, name), name).toBe(false);
    expect(includesText(text, 'app.alert')).toBe(false);
    expect(includesText(text, 'calc.exe')).toBe(false);
    // A plain web link is harmless and stays.
    expect(includesText(text, 'https://example.com/receipt')).toBe(true);
  });

  it('keeps a plain PDF readable, page for page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]).drawText('Receipt 1');
    doc.addPage([300, 400]).drawText('Receipt 2');
    const input = Buffer.from(await doc.save());

    const out = await sanitizeUpload(input);

    const stored = await PDFDocument.load(out.data);
    expect(stored.getPageCount()).toBe(2);
    expect(stored.getPage(1).getSize()).toEqual({ width: 300, height: 400 });
  });

  it.each([
    ['spaces behind a PDF header', `%PDF-1.4\n${' '.repeat(2000)}\n%%EOF\n`],
    ['text behind a PDF header', '%PDF-1.7\nthis is not a receipt\n%%EOF\n'],
    [
      'a PDF with no page',
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
        'trailer << /Root 1 0 R >>',
        '%%EOF',
        '',
      ].join('\n'),
    ],
  ])('refuses %s with 422', async (_name, text) => {
    const error = await rejectionOf(sanitizeUpload(Buffer.from(text, 'latin1')));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(UNREADABLE);
  });

  // Its strings and streams cannot be rewritten without the key.
  it('refuses an encrypted PDF with 422', async () => {
    const plain = (await onePagePdf()).toString('latin1');
    expect(plain).toContain('trailer\n<<');
    const encrypted = plain.replace(
      'trailer\n<<',
      'trailer\n<<\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
    );

    const error = await rejectionOf(sanitizeUpload(Buffer.from(encrypted, 'latin1')));

    expect(error.statusCode).toBe(422);
  });
});

// Issue 32: 3 MB whose object stream inflated to 3 GB of spaces held the server for five
// minutes. What pdf-lib inflates is bounded (decision 034), whatever the filters.
describe('sanitizeUpload: a PDF that inflates far beyond its size', () => {
  it.each([
    ['one FlateDecode', {}],
    ['two FlateDecode filters, one after the other', { twice: true }],
  ])('is refused with 422 within seconds (%s)', async (_name, options) => {
    const bomb = await pdfBomb(256 * 1024 * 1024, options);
    expect(bomb.length).toBeLessThan(300_000);
    const started = Date.now();

    const error = await rejectionOf(sanitizeUpload(bomb));

    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(PDF_TOO_LARGE);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still takes an object stream that inflates to a few megabytes', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 200; i++) {
      doc.addPage([300, 400]).drawText(`Receipt line ${i} `.repeat(20), { size: 4 });
    }
    const input = Buffer.from(await doc.save({ useObjectStreams: true }));

    const out = await sanitizeUpload(input);

    expect((await PDFDocument.load(out.data)).getPageCount()).toBe(200);
  });
});
