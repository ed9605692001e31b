import sharp from 'sharp';
import { InvalidRequestError } from '../domain/invalid-request-error.ts';

/** Largest snapshot side the report takes, pixels (a canvas on a 4K screen). */
export const SNAPSHOT_MAX_SIDE = 4096;
/** Width the snapshot is stored at in the PDF: sharp on A4 at about 190 dpi. */
const STORED_WIDTH = 1400;

const SIGNATURES = { jpeg: [0xff, 0xd8, 0xff], png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] } as const;

/**
 * Checks a snapshot data URL (the route schema already allowed only JPEG and PNG data URLs of bounded
 * length) and re-encodes it as a JPEG the PDF embeds: the bytes must be the image type the URL names,
 * decode as an image, and measure at most 4096 pixels a side. Re-encoding keeps nothing of the upload
 * but its pixels.
 *
 * @throws InvalidRequestError naming what is wrong
 */
export async function readSnapshot(dataUrl: string): Promise<Buffer> {
  const match = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new InvalidRequestError('snapshot must be a data URL of a JPEG or PNG image (data:image/jpeg;base64,…)');
  const type = match[1] as keyof typeof SIGNATURES;
  const bytes = Buffer.from(match[2], 'base64');
  if (!SIGNATURES[type].every((byte, i) => bytes[i] === byte)) throw new InvalidRequestError(`snapshot says image/${type} but its bytes are not a ${type.toUpperCase()} image`);
  try {
    // The size is read from the header first (nothing decoded), so an oversized image is named as such.
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width > SNAPSHOT_MAX_SIDE || height > SNAPSHOT_MAX_SIDE) throw new InvalidRequestError(`snapshot is ${width} × ${height} pixels; at most ${SNAPSHOT_MAX_SIDE} a side is allowed`);
    const image = sharp(bytes, { limitInputPixels: SNAPSHOT_MAX_SIDE * SNAPSHOT_MAX_SIDE, failOn: 'error' });
    return await image.resize({ width: STORED_WIDTH, withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw error;
    // The decoder's own words name its internals; the caller needs only to know the image is broken.
    throw new InvalidRequestError(`snapshot could not be read as a ${type.toUpperCase()} image: it is truncated or damaged`);
  }
}
