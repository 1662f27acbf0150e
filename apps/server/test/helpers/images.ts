import sharp from 'sharp';

/** A real JPEG carrying EXIF (camera and GPS-like tags) of the given size. */
export function jpegWithExif(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000', Copyright: 'secret location' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2984/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4027/100',
      },
    })
    .toBuffer();
}

export function png(width = 64, height = 64): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

export function gif(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .gif()
    .toBuffer();
}

/**
 * A tiny PNG whose header claims 30000 × 30000 pixels: decoding it would take gigabytes.
 * We patch the IHDR of a real 1×1 PNG (and its CRC) to lie about the size.
 */
export async function pngBomb(): Promise<Buffer> {
  const buffer = Buffer.from(await png(1, 1));
  buffer.writeUInt32BE(30_000, 16);
  buffer.writeUInt32BE(30_000, 20);
  const crc = crc32(buffer.subarray(12, 29));
  buffer.writeUInt32BE(crc, 29);
  return buffer;
}

/** The CRC-32 of PNG chunks. */
export function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

export function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string; field?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file)
    form.append(file.field ?? 'profilePic', new Blob([file.data], { type: file.type }), file.name);
  return form;
}
