import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_MB, IMAGE_MAX_PX } from '@slotwise/shared/accounts-schemas';

/** The `accept` list of profile picture inputs (docs/product.md §5: JPEG, PNG, JPG, GIF). */
export const PROFILE_PICTURE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

/** docs/product.md §5: only these declared types are taken (the server checks the content again). */
export function isAllowedPictureType(file: File): boolean {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type);
}

/**
 * Shrinks a picture in the browser to at most 0.5 MB and 500 px on its longest side (docs/product.md §5,
 * docs/product.md §9). The library is loaded on first use, so no screen pays for it until a picture is chosen.
 * It runs on the main thread: its web worker would load the library from a CDN, which the
 * Content-Security-Policy (and an offline network) forbid.
 */
export async function compressProfilePicture(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxSizeMB: IMAGE_MAX_MB,
    maxWidthOrHeight: IMAGE_MAX_PX,
    useWebWorker: false,
  });
  // Typed as File, but some code paths hand back a Blob that only carries a `name`.
  const blob: Blob = compressed;
  return blob instanceof File
    ? blob
    : new File([blob], file.name, { type: blob.type || file.type });
}
