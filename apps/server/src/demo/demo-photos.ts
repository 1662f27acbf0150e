import { createHash } from 'node:crypto';
import { createAvatar } from '@dicebear/core';
import * as notionists from '@dicebear/notionists';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../db/client';
import { images, users } from '../db/schema';

/**
 * The demo people's profile pictures (docs/decisions/065-demo-photos.md): drawn portraits from
 * DiceBear's 'notionists' style (CC0 artwork, MIT code), rendered offline at seed time from a
 * seed per person — the same person gets the same face on every run — and stored as uploads
 * are (a PNG in `images`, its id in users.profile_image_id). No network, ever.
 */

/** Soft backgrounds, so the line drawings read as photos on a card. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7ecd5'];
/** Pixels per side: the cards show 64 px at most (x2 for sharp screens) and then some. */
export const DEMO_PHOTO_PX = 192;

export interface DemoPhoto {
  data: Buffer;
  width: number;
  height: number;
  etag: string;
}

/** One portrait as a PNG, the same for the same seed. */
export async function renderDemoPhoto(seed: string): Promise<DemoPhoto> {
  const svg = createAvatar(notionists, {
    seed,
    size: DEMO_PHOTO_PX,
    backgroundColor: BACKGROUNDS,
  }).toString();
  const data = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return {
    data,
    width: DEMO_PHOTO_PX,
    height: DEMO_PHOTO_PX,
    etag: `"${createHash('sha256').update(data).digest('hex').slice(0, 32)}"`,
  };
}

/** Gives each user a portrait seeded by `seed` (their email: stable across runs). */
export async function seedDemoPhotos(
  tx: Tx,
  people: { userId: string; seed: string }[],
): Promise<number> {
  if (people.length === 0) return 0;
  const photos = await Promise.all(people.map((person) => renderDemoPhoto(person.seed)));
  const rows = await tx
    .insert(images)
    .values(
      photos.map((photo, i) => ({
        ownerId: people[i]!.userId,
        contentType: 'image/png',
        data: photo.data,
        byteSize: photo.data.length,
        width: photo.width,
        height: photo.height,
        etag: photo.etag,
      })),
    )
    .returning({ id: images.id, ownerId: images.ownerId });
  const pairs = sql.join(
    rows.map((row) => sql`(${row.ownerId}::uuid, ${row.id}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`update ${users} u set profile_image_id = v.image_id
    from (values ${pairs}) as v(user_id, image_id) where u.id = v.user_id`);
  return rows.length;
}
