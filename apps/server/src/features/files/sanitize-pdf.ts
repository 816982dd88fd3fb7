import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  PDFHexString,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

// docs/decisions/023-pdf-receipts-rewritten.md: a member's PDF is parsed and written out
// again without anything that runs (scripts, open and additional actions, launch and submit
// actions) or carries another file (embedded files).

// Keys removed from every dictionary, wherever they appear.
const ACTIVE_KEYS = [
  'OpenAction', // catalog: runs when the document opens
  'AA', // catalog, page, annotation, form field: runs on events
  'JS', // the script of a JavaScript or rendition action
  'JavaScript', // /Names: document-level scripts
  'EmbeddedFiles', // /Names: attached files
  'EF', // file specification: the embedded file's stream
  'RF', // file specification: related files
  'XFA', // AcroForm: XML forms, which carry their own scripts
  'Next', // action: the actions that follow it
].map((key) => PDFName.of(key));

// The only actions kept: moving inside the document, named viewer commands, and web links.
const SAFE_ACTIONS = new Set(['GoTo', 'Named', 'URI']);
const SAFE_URI = /^(https?:|mailto:)/i;

export class UnreadablePdfError extends Error {}

/** The PDF's streams would inflate beyond INFLATE_BUDGET_BYTES (decision 034). */
export class PdfTooLargeError extends Error {}

// pdf-lib inflates an object stream or a cross-reference stream in one go, with its own
// decoders, whatever it grows to: 3 MB of an upload once became 3 GB of spaces (issue 32).
// Such streams hold only dictionaries and arrays (never page contents or pictures, which
// pdf-lib leaves as they are), a few hundred KB for a thousand-page document; 32 MB is far
// beyond any receipt.
export const INFLATE_BUDGET_BYTES = 32 * 1024 * 1024;

interface InflateBudget {
  left: number;
  exceeded: boolean;
}
const budgets = new AsyncLocalStorage<InflateBudget>();

// Every pdf-lib decoder (Flate, LZW, RunLength, ASCIIHex, ASCII85, and each filter of a chain)
// grows its output through DecodeStream's ensureBuffer: charged here to the document's budget
// before it is allocated, so nothing beyond the budget is ever inflated. pdf-lib 1.17.1 is
// its last release; the tests of sanitize-pdf.test.ts fail if this stops holding.
interface DecodeBuffer {
  buffer: Uint8Array;
  minBufferLength: number;
  ensureBuffer(requested: number): Uint8Array;
}
const decodeStream = (
  createRequire(import.meta.url)('pdf-lib/cjs/core/streams/DecodeStream.js') as {
    default: { prototype: DecodeBuffer };
  }
).default.prototype;
const ensureBuffer = decodeStream.ensureBuffer;
if (typeof ensureBuffer !== 'function') throw new Error('pdf-lib has no DecodeStream.ensureBuffer');
decodeStream.ensureBuffer = function (this: DecodeBuffer, requested: number) {
  const budget = budgets.getStore();
  if (budget && requested > this.buffer.byteLength) {
    // The size pdf-lib is about to allocate: the next power of two.
    let size = this.minBufferLength;
    while (size < requested) size *= 2;
    const growth = size - this.buffer.byteLength;
    if (budget.exceeded || growth > budget.left) {
      budget.exceeded = true;
      throw new PdfTooLargeError(`streams inflate beyond ${INFLATE_BUDGET_BYTES} bytes`);
    }
    budget.left -= growth;
  }
  return ensureBuffer.call(this, requested);
};

/**
 * Returns a rewritten copy of `input` with nothing active left in it; throws
 * UnreadablePdfError for what does not parse as a PDF with at least one page, and for an
 * encrypted PDF (its strings and streams cannot be rewritten without the key);
 * PdfTooLargeError for one whose streams inflate beyond INFLATE_BUDGET_BYTES.
 */
export async function rewritePdf(input: Buffer): Promise<Buffer> {
  const budget: InflateBudget = { left: INFLATE_BUDGET_BYTES, exceeded: false };
  let doc: PDFDocument;
  try {
    doc = await budgets.run(budget, () => PDFDocument.load(input, { updateMetadata: false }));
    // pdf-lib passes over an object it cannot parse, so the budget's refusal may not reach here.
    if (budget.exceeded) throw new PdfTooLargeError('streams inflate beyond the budget');
    if (!(doc.catalog instanceof PDFDict) || doc.getPageCount() < 1) {
      throw new UnreadablePdfError('no page');
    }
  } catch (error) {
    if (budget.exceeded) throw new PdfTooLargeError(String(error));
    throw error instanceof UnreadablePdfError ? error : new UnreadablePdfError(String(error));
  }
  try {
    const { context } = doc;
    for (const [, object] of context.enumerateIndirectObjects()) scrub(context, object);
    removeUnreachable(context);
    return Buffer.from(
      await budgets.run(budget, () => doc.save({ updateFieldAppearances: false })),
    );
  } catch (error) {
    if (budget.exceeded) throw new PdfTooLargeError(String(error));
    throw new UnreadablePdfError(String(error));
  }
}

// Visits `object` and the direct objects inside it; indirect ones are visited on their own.
function eachDict(object: PDFObject, visit: (dict: PDFDict) => void): void {
  if (object instanceof PDFStream) {
    eachDict(object.dict, visit);
  } else if (object instanceof PDFDict) {
    visit(object);
    for (const [, value] of object.entries()) eachDict(value, visit);
  } else if (object instanceof PDFArray) {
    for (const value of object.asArray()) eachDict(value, visit);
  }
}

function scrub(context: PDFContext, object: PDFObject): void {
  eachDict(object, (dict) => {
    for (const key of ACTIVE_KEYS) dict.delete(key);
    // An action kept as /A (link, widget, outline item) stays only when it is safe.
    const actionKey = PDFName.of('A');
    const linked = dict.get(actionKey);
    if (linked !== undefined) {
      const resolved = context.lookup(linked);
      if (resolved instanceof PDFDict && resolved.has(PDFName.of('S')) && !isSafeAction(resolved)) {
        dict.delete(actionKey);
      }
    }
    // An unsafe action reached some other way is emptied, so it does nothing.
    if (dict.has(PDFName.of('S')) && isAction(dict) && !isSafeAction(dict)) {
      for (const key of dict.keys()) dict.delete(key);
    }
  });
}

const ACTION_TYPES = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'GoTo3DView',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'RichMediaExecute',
]);

function actionType(dict: PDFDict): string | undefined {
  const type = dict.get(PDFName.of('S'));
  return type instanceof PDFName ? type.decodeText() : undefined;
}

function isAction(dict: PDFDict): boolean {
  const type = dict.get(PDFName.of('Type'));
  if (type instanceof PDFName && type.decodeText() === 'Action') return true;
  const kind = actionType(dict);
  return kind !== undefined && ACTION_TYPES.has(kind);
}

function isSafeAction(dict: PDFDict): boolean {
  const kind = actionType(dict);
  if (kind === undefined || !SAFE_ACTIONS.has(kind)) return false;
  if (kind !== 'URI') return true;
  const uri = dict.get(PDFName.of('URI'));
  const text =
    uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText().trim() : '';
  return SAFE_URI.test(text);
}

// pdf-lib writes every object it holds, referred to or not: what the removed keys pointed
// at (a script, a file's bytes) would still be in the file unless it is dropped here.
function removeUnreachable(context: PDFContext): void {
  const reached = new Set<string>();
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
    (object): object is PDFObject => object !== undefined,
  );
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (reached.has(object.tag)) continue;
      reached.add(object.tag);
      const target = context.lookup(object);
      if (target !== undefined) pending.push(target);
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref.tag)) context.delete(ref);
  }
}
