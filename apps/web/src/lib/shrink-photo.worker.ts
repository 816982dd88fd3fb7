// Shrinks a receipt photo off the page's thread (lib/shrink-photo.ts): at most MAX_SIDE pixels
// on its long side, re-encoded as JPEG until it weighs at most MAX_BYTES. Answers null when the
// browser cannot decode the file (HEIC on Chromium): it then goes as it is.
const MAX_SIDE = 1600;
const MAX_BYTES = 300 * 1024;

async function shrink(file: Blob): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file); // turned as the camera's EXIF says
  let scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  for (;;) {
    const canvas = new OffscreenCanvas(
      Math.max(1, Math.round(bitmap.width * scale)),
      Math.max(1, Math.round(bitmap.height * scale)),
    );
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // Quality first, as long as the print stays readable; then fewer pixels.
    for (const quality of [0.85, 0.75, 0.65, 0.55]) {
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (blob.size <= MAX_BYTES) return blob;
    }
    if (canvas.width < 400) return null;
    scale *= 0.8;
  }
}

// The app's types are the page's (lib DOM); a worker's scope posts without a target origin.
const scope = self as unknown as Pick<Worker, 'postMessage' | 'onmessage'>;
scope.onmessage = (event: MessageEvent<Blob>) => {
  shrink(event.data).then(
    (blob) => scope.postMessage(blob),
    () => scope.postMessage(null),
  );
};
