import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { images } from '../db/schema';
import type { ProcessedImage } from './process-image';

export function imageUrl(imageId: string | null): string | null {
  return imageId ? `/uploads/${imageId}` : null;
}

export async function saveImage(
  db: DbOrTx,
  ownerId: string,
  image: ProcessedImage,
): Promise<string> {
  const [row] = await db
    .insert(images)
    .values({
      ownerId,
      contentType: image.contentType,
      data: image.data,
      byteSize: image.data.length,
      width: image.width,
      height: image.height,
      etag: image.etag,
    })
    .returning({ id: images.id });
  return row!.id;
}

export async function deleteImage(db: DbOrTx, imageId: string): Promise<void> {
  await db.delete(images).where(eq(images.id, imageId));
}

export async function findImage(db: DbOrTx, imageId: string) {
  const [row] = await db
    .select({ contentType: images.contentType, data: images.data, etag: images.etag })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1);
  return row ?? null;
}
