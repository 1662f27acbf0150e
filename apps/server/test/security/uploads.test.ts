import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@slotwise/shared/texts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClient, type TestUser } from '../helpers/factories';
import { crc32, gif, jpegWithExif, multipart, png, pngBomb } from '../helpers/images';
import { expectErrorBody } from './assertions';
import { changedTables, dbState } from './db-snapshot';
import { asUser } from '../helpers/requests';

/**
 * Hostile pictures: polyglots, SVG, EXIF/GPS, decompression bombs, empty files. A picture is
 * either refused (400/413, nothing stored) or re-encoded: the stored bytes are a clean image
 * of the type it is served as, with nosniff, and carry none of the payload.
 */

const SCRIPT = '<script>alert(document.domain)</script>';
const HTML = `<html><body><img src=x onerror=alert(1)>${SCRIPT}</body></html>`;
const PHP = '<?php system($_GET["cmd"]); ?>';
/** Markers of any payload below; none may survive in a stored picture. */
const PAYLOAD_MARKERS = ['<script', '<html', '<?php', 'onerror', 'alert(', '<svg', 'system('];

/** A PNG chunk (length, type, data, CRC). */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG with a tEXt chunk holding `text`, right after IHDR. */
async function pngWithText(text: string): Promise<Buffer> {
  const image = await png(40, 40);
  const afterIhdr = 8 + 25; // signature + IHDR chunk
  return Buffer.concat([
    image.subarray(0, afterIhdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    image.subarray(afterIhdr),
  ]);
}

/** A real JPEG with a COM (comment) segment holding `text`, right after SOI. */
async function jpegWithComment(text: string): Promise<Buffer> {
  const image = await sharp({
    create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 20, b: 30 } },
  })
    .jpeg()
    .toBuffer();
  const payload = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), header, payload, image.subarray(2)]);
}

/** A real GIF with a comment extension holding `text`, right after the global colour table. */
async function gifWithComment(text: string): Promise<Buffer> {
  const image = await gif(40, 40);
  const flags = image[10]!;
  const tableSize = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
  const at = 13 + tableSize;
  const payload = Buffer.from(text, 'latin1').subarray(0, 255);
  const comment = Buffer.concat([
    Buffer.from([0x21, 0xfe, payload.length]),
    payload,
    Buffer.from([0]),
  ]);
  return Buffer.concat([image.subarray(0, at), comment, image.subarray(at)]);
}

/** A tiny GIF whose screen and first frame claim 65535 × 65535 (libvips decodes the frame). */
async function gifBomb(): Promise<Buffer> {
  const image = Buffer.from(await gif(1, 1));
  image.writeUInt16LE(65535, 6);
  image.writeUInt16LE(65535, 8);
  const flags = image[10]!;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  // Skip extensions (0x21 label, then sub-blocks up to a 0 length) to the image descriptor.
  while (image[at] === 0x21) {
    at += 2;
    while (image[at] !== 0) at += image[at]! + 1;
    at += 1;
  }
  expect(image[at]).toBe(0x2c);
  image.writeUInt16LE(65535, at + 5);
  image.writeUInt16LE(65535, at + 7);
  return image;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('uploads', () => {
  let t: TestApp;
  let client: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    client = await createClient(t.app, { firstName: 'Ursula', lastName: 'Upload' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const profileFields = () => ({
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
  });

  /** Uploads as the client's new picture. */
  const upload = (data: Buffer, name: string, type: string) =>
    asUser(t.app, client).patch(
      '/api/profile/update',
      multipart(profileFields(), { name, data, type }),
    );

  /** The stored picture of an accepted upload, checked for type, headers and payload. */
  async function storedPicture(res: Awaited<ReturnType<typeof upload>>, label: string) {
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(200);
    const url = res.json().profile.profileImageUrl as string;
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    const type = String(picture.headers['content-type']);
    expect(['image/png', 'image/jpeg'], label).toContain(type);
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    expect(picture.headers['content-security-policy']).toContain("default-src 'self'");
    const bytes = picture.rawPayload;
    const text = bytes.toString('latin1').toLowerCase();
    for (const marker of PAYLOAD_MARKERS) expect(text, `${label}: ${marker}`).not.toContain(marker);
    const meta = await sharp(bytes).metadata();
    expect(`image/${meta.format}`, label).toBe(type);
    expect(meta.exif, `${label}: exif`).toBeUndefined();
    expect(meta.comments ?? [], `${label}: comments`).toEqual([]);
    return { bytes, meta };
  }

  /** Either refused with the error body and nothing stored, or stored clean. */
  async function refusedOrClean(data: Buffer, name: string, type: string, label: string) {
    const before = await dbState(t.app.database.db);
    const res = await upload(data, name, type);
    if (res.statusCode >= 400) {
      expect(res.statusCode, label).toBe(400);
      expectErrorBody(res, label);
      expect(res.json().fieldErrors, label).toHaveProperty('profilePic');
      const after = await dbState(t.app.database.db, before);
      expect(changedTables(before.tables, after.tables), label).toEqual([]);
      return 'refused';
    }
    await storedPicture(res, label);
    return 'cleaned';
  }

  it('polyglots are refused or re-encoded without their payload', async () => {
    const realGif = await gif(40, 40);
    const realJpeg = await jpegWithComment('');
    const realPng = await png(40, 40);
    const cases: [string, Buffer, string, string][] = [
      [
        'GIF header + HTML/JS',
        Buffer.from(`GIF89a/*${HTML}*/=1;${SCRIPT}`, 'latin1'),
        'x.gif',
        'image/gif',
      ],
      ['GIF + appended HTML', Buffer.concat([realGif, Buffer.from(HTML)]), 'x.gif', 'image/gif'],
      ['GIF with an HTML comment extension', await gifWithComment(HTML), 'x.gif', 'image/gif'],
      ['JPEG + appended PHP', Buffer.concat([realJpeg, Buffer.from(PHP)]), 'x.jpg', 'image/jpeg'],
      [
        'JPEG with a script COM segment',
        await jpegWithComment(`${SCRIPT}${PHP}`),
        'x.php.jpg',
        'image/jpeg',
      ],
      ['PNG with a script tEXt chunk', await pngWithText(HTML), 'x.png', 'image/png'],
      ['PNG + appended HTML', Buffer.concat([realPng, Buffer.from(HTML)]), 'x.png', 'text/html'],
      [
        'JPEG magic + HTML',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(HTML)]),
        'x.jpg',
        'image/jpeg',
      ],
    ];
    const outcomes: Record<string, string> = {};
    for (const [label, data, name, type] of cases) {
      outcomes[label] = await refusedOrClean(data, name, type, label);
    }
    // The ones with a real image inside are re-encoded; the rest are refused.
    expect(outcomes).toEqual({
      'GIF header + HTML/JS': 'refused',
      'GIF + appended HTML': 'cleaned',
      'GIF with an HTML comment extension': 'cleaned',
      'JPEG + appended PHP': 'cleaned',
      'JPEG with a script COM segment': 'cleaned',
      'PNG with a script tEXt chunk': 'cleaned',
      'PNG + appended HTML': 'cleaned',
      'JPEG magic + HTML': 'refused',
    });
  });

  it('SVG is refused, whatever it is called or declared as', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`;
    for (const [data, name, type] of [
      [svg, 'avatar.png', 'image/png'],
      [`<?xml version="1.0"?>${svg}`, 'avatar.svg', 'image/svg+xml'],
      [`\uFEFF  ${svg}`, 'avatar.jpg', 'image/jpeg'],
      [`GIF89a${svg}`, 'avatar.gif', 'image/gif'],
    ] as const) {
      const before = await dbState(t.app.database.db);
      const res = await upload(Buffer.from(data), name, type);
      expect(res.statusCode, name).toBe(400);
      expectErrorBody(res, name);
      expect(res.json().fieldErrors.profilePic).toMatch(
        new RegExp(`${MESSAGES.imageTypeNotAllowed}|${MESSAGES.imageUnreadable}`),
      );
      const after = await dbState(t.app.database.db, before);
      expect(changedTables(before.tables, after.tables)).toEqual([]);
    }
  });

  it('EXIF (camera, GPS) is stripped from JPEG and PNG', async () => {
    const jpeg = await jpegWithExif(800, 600);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { bytes } = await storedPicture(
      await upload(jpeg, 'trip.jpg', 'image/jpeg'),
      'jpeg exif',
    );
    const text = bytes.toString('latin1');
    for (const leak of ['Exif', 'TestCam', 'Spy 3000', 'secret location']) {
      expect(text).not.toContain(leak);
    }

    const pngExif = await sharp(await png(64, 64))
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2984/100' },
      })
      .png()
      .toBuffer();
    expect((await sharp(pngExif).metadata()).exif).toBeDefined();
    const stored = await storedPicture(await upload(pngExif, 'trip.png', 'image/png'), 'png exif');
    expect(stored.bytes.toString('latin1')).not.toContain('TestCam');
  });

  it('decompression bombs are refused from their header, quickly', async () => {
    for (const [label, bomb] of [
      ['png 30000²', await pngBomb()],
      ['gif 65535²', await gifBomb()],
    ] as const) {
      const started = Date.now();
      const res = await upload(bomb, 'bomb.png', 'image/png');
      expect(res.statusCode, label).toBe(400);
      expect(res.json().fieldErrors, label).toEqual({
        profilePic: MESSAGES.imageDimensionsTooLarge,
      });
      expect(Date.now() - started, label).toBeLessThan(1_000);
    }
  });

  it('a 0-byte file is no file: registration works without a picture, an update keeps the old one', async () => {
    const email = 'empty-file@example.test';
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: multipart(
        { firstName: 'Empty', lastName: 'File', email, password: 'Secret123' },
        { name: 'empty.png', data: Buffer.alloc(0), type: 'image/png' },
      ),
    });
    expect(register.statusCode).toBe(201);

    const first = await storedPicture(await upload(await png(20, 20), 'a.png', 'image/png'), 'a');
    const current = (
      await t.app.inject({ method: 'GET', url: '/api/profile', headers: client.headers })
    ).json().profile.profileImageUrl;
    const empty = await upload(Buffer.alloc(0), 'empty.png', 'image/png');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().profile.profileImageUrl).toBe(current);
    expect(first.bytes.length).toBeGreaterThan(0);
  });

  it('the file name is never used: nothing is written to disk, traversal names change nothing', async () => {
    const before = await filesUnder(t.dataDir);
    const res = await upload(await png(16, 16), '../../../../tmp/evil.php', 'application/x-php');
    await storedPicture(res, 'traversal name');
    expect(await filesUnder(t.dataDir)).toEqual(before);
    // The declared type is ignored too: served as what it is.
    const url = res.json().profile.profileImageUrl as string;
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.headers['content-type']).toBe('image/png');
  });
});
