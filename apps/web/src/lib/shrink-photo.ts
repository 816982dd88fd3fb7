// A receipt photo from a phone's camera weighs several MB; members pay for their data. Before
// it is sent it is shrunk in a worker (shrink-photo.worker.ts) to at most 1600 px and 300 KB,
// which keeps a printed receipt readable. A PDF, a small photo, or one the browser cannot
// decode goes as it is.
const SHRINKABLE = /^image\/(jpeg|png|webp)$/;
const SMALL_ENOUGH = 300 * 1024;

// Each chosen file is shrunk once: for the size the form shows, then for sending it.
const shrunk = new WeakMap<File, Promise<File>>();

/** The file as it will be sent: a large photo shrunk, anything else as it is. */
export function shrinkPhoto(file: File): Promise<File> {
  let ready = shrunk.get(file);
  if (!ready) {
    ready = shrink(file);
    shrunk.set(file, ready);
  }
  return ready;
}

function shrink(file: File): Promise<File> {
  if (!SHRINKABLE.test(file.type) || file.size <= SMALL_ENOUGH || typeof Worker === 'undefined')
    return Promise.resolve(file);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./shrink-photo.worker.ts', import.meta.url), {
      type: 'module',
    });
    // A phone too busy or too small for the work: the photo goes as it is after a while.
    const timer = setTimeout(() => done(null), 30_000);
    const done = (blob: Blob | null) => {
      clearTimeout(timer);
      worker.terminate();
      const name = file.name.replace(/\.\w+$/, '') || 'receipt';
      resolve(blob ? new File([blob], `${name}.jpg`, { type: 'image/jpeg' }) : file);
    };
    worker.onmessage = (event: MessageEvent<Blob | null>) => done(event.data);
    worker.onerror = () => done(null);
    worker.postMessage(file);
  });
}
