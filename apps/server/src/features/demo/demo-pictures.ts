import sharp from 'sharp';

/**
 * A photo-like JPEG: a colour gradient with soft blobs and grain, different for each seed. The
 * demo's receipts are such pictures, so that no two of them look alike to the duplicate check
 * (flat pictures would all hash alike); the duplicate tests use larger ones.
 */
export async function photoLike(seed: number, width = 1200, height = 900): Promise<Buffer> {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const blobs = Array.from({ length: 10 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 80 + random() * 250,
    rgb: [random() * 255, random() * 255, random() * 255],
  }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const rgb = [(x / width) * 120, (y / height) * 120, 60];
      for (const b of blobs) {
        const q = Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (b.r * b.r));
        for (let c = 0; c < 3; c += 1) rgb[c]! += b.rgb[c]! * q;
      }
      const grain = (random() - 0.5) * 30;
      for (let c = 0; c < 3; c += 1) data[(y * width + x) * 3 + c] = rgb[c]! + grain;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
