import sharp from 'sharp';

export { photoLike } from '../../src/features/demo/demo-pictures.ts';

/** The copy a phone's messenger makes: scaled down and re-compressed. */
export async function resizedCopy(image: Buffer, scale: number, quality: number): Promise<Buffer> {
  const { width } = await sharp(image).metadata();
  return sharp(image)
    .resize(Math.round(width * scale))
    .jpeg({ quality })
    .toBuffer();
}
