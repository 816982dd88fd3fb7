import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface ImageSize {
  width: number;
  height: number;
}

export interface HeicLimits {
  maxPixels: number;
  maxSide: number;
}

export interface DecodedHeic extends ImageSize {
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
}

export type HeicDecodeResult =
  { ok: true; image: DecodedHeic } | { ok: false; reason: 'too_large' | 'unreadable' };

export async function decodeHeic(input: Buffer, limits: HeicLimits): Promise<HeicDecodeResult> {
  const fits = ({ width, height }: ImageSize) =>
    width <= limits.maxSide && height <= limits.maxSide && width * height <= limits.maxPixels;
  if (!declaredImageSizes(input).every(fits)) return { ok: false, reason: 'too_large' };
  return withDecodeSlot(() => decodeInWorker(input));
}

// The stored size ('ispe', in meta/iprp/ipco) of every image item, each of which must have
// one. What sharp and libheif report is the size after cropping ('clap'), so a small visible
// image can still be coded, and decoded, at a huge size; and heic-decode decodes the first
// image, which need not be the primary one the caller measured.
export function declaredImageSizes(data: Buffer): ImageSize[] {
  const meta = childBoxes(data, 0, data.length).find((box) => box.type === 'meta');
  if (!meta) return [];
  // meta is a full box: 4 bytes of version and flags come before its children.
  const iprp = childBoxes(data, meta.start + 4, meta.end).find((box) => box.type === 'iprp');
  const ipco = iprp && childBoxes(data, iprp.start, iprp.end).find((box) => box.type === 'ipco');
  if (!ipco) return [];
  return childBoxes(data, ipco.start, ipco.end)
    .filter((box) => box.type === 'ispe' && box.end - box.start >= 12)
    .map((box) => ({
      width: data.readUInt32BE(box.start + 4),
      height: data.readUInt32BE(box.start + 8),
    }));
}

interface Box {
  type: string;
  /** Where the content starts, after the header. */
  start: number;
  end: number;
}

// ISO base media boxes: a 32-bit size and a four-letter type; size 1 means a 64-bit size
// follows, 0 means the box runs to the end. Reading stops at the first box that does not fit.
function childBoxes(data: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  let offset = from;
  while (offset + 8 <= to) {
    let size = data.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) break;
      size = Number(data.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) break;
    const type = data.toString('latin1', offset + 4, offset + 8);
    boxes.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

// Each decode holds a full RGBA frame plus the WebAssembly heap, so a burst of HEIC uploads
// must not start a worker each at once.
const MAX_CONCURRENT_DECODES = 2;
let runningDecodes = 0;
const waitingDecodes: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningDecodes < MAX_CONCURRENT_DECODES) runningDecodes += 1;
  else await new Promise<void>((resolve) => waitingDecodes.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingDecodes.shift();
    if (next) next();
    else runningDecodes -= 1;
  }
}

// heic-decode runs libheif as WebAssembly, synchronously, so it gets its own thread, and a
// new one each time so the heap it grew is given back. The worker is source text rather
// than a file so that it survives bundling unchanged.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
decode({ buffer: workerData.input }).then(
  ({ width, height, data }) => parentPort.postMessage({ ok: true, width, height, data }, [data.buffer]),
  () => parentPort.postMessage({ ok: false }),
);
`;

type WorkerReply =
  { ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false };

function decodeInWorker(input: Buffer): Promise<HeicDecodeResult> {
  const modulePath = createRequire(import.meta.url).resolve('heic-decode');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, input },
      // libheif and its HEVC decoder print complaints about damaged files; the caller gets
      // a result instead, and a broken worker still reports through 'error'.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    worker.once('message', (reply: WorkerReply) => {
      void worker.terminate();
      if (!reply.ok) {
        resolve({ ok: false, reason: 'unreadable' });
        return;
      }
      const { width, height, data } = reply;
      const pixels = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      resolve({ ok: true, image: { width, height, data: pixels } });
    });
    // Reached only when the worker itself breaks (heic-decode missing, out of memory): a
    // fault of the server rather than of the file.
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`The HEIC decoder stopped (exit code ${code}) before it replied`));
    });
  });
}
