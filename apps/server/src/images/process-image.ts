import { createHash } from 'node:crypto';
import { IMAGE_MAX_PX } from '@slotwise/shared/accounts-schemas';
import { MESSAGES } from '@slotwise/shared/texts';
import sharp from 'sharp';
import { ValidationError } from '../errors';

/** Beyond this a picture is a decompression bomb, not a portrait. */
const MAX_SIDE_PX = 8000;
const MAX_PIXELS = MAX_SIDE_PX * MAX_SIDE_PX;

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  etag: string;
}

type SourceFormat = 'jpeg' | 'png' | 'gif';

/** The format by magic bytes: the declared type and the file name are never trusted. */
export function sniffImageFormat(buffer: Buffer): SourceFormat | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return 'jpeg';
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = buffer.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/**
 * Re-encodes an uploaded profile picture: at most 500 px on the longest side, orientation
 * applied, every bit of metadata (EXIF, GPS, ICC comments) dropped, first frame of a GIF.
 * JPEG stays JPEG; PNG and GIF become PNG (keeps transparency).
 */
export async function processProfileImage(
  input: Buffer,
  field = 'profilePic',
): Promise<ProcessedImage> {
  const format = sniffImageFormat(input);
  if (!format) throw ValidationError.field(field, MESSAGES.imageTypeNotAllowed);

  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw ValidationError.field(field, MESSAGES.imageUnreadable);
  }
  // Judge the declared dimensions from the header before decoding a single pixel.
  if (metadata.format !== format && !(format === 'jpeg' && metadata.format === 'jpeg')) {
    throw ValidationError.field(field, MESSAGES.imageUnreadable);
  }
  const { width = 0, height = 0 } = metadata;
  if (width <= 0 || height <= 0) throw ValidationError.field(field, MESSAGES.imageUnreadable);
  if (width > MAX_SIDE_PX || height > MAX_SIDE_PX || width * height > MAX_PIXELS) {
    throw ValidationError.field(field, MESSAGES.imageDimensionsTooLarge);
  }

  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(IMAGE_MAX_PX, IMAGE_MAX_PX, { fit: 'inside', withoutEnlargement: true });
    const output =
      format === 'jpeg'
        ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    return {
      data: output.data,
      contentType: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: output.info.width,
      height: output.info.height,
      etag: `"${createHash('sha256').update(output.data).digest('hex').slice(0, 32)}"`,
    };
  } catch {
    throw ValidationError.field(field, MESSAGES.imageUnreadable);
  }
}
