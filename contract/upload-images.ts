// The images a customer may upload (server/platform/uploads/uploads.ts judges them by their
// bytes): each type's MIME type and the extension its stored name ends with. The registry for
// the server's checks, the app's file pickers and, through scripts/check-registries.ts, the
// upload endpoint's mime enum and every schema pattern of an upload URL.
export const UPLOAD_IMAGE_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/webp', ext: 'webp' },
] as const;

export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export const UPLOAD_IMAGE_MIMES: readonly string[] = UPLOAD_IMAGE_TYPES.map((t) => t.mime);

/** A stored upload's name as a regular expression's source: 32 hex digits and its type's extension. */
export const UPLOAD_NAME_SOURCE = `[0-9a-f]{32}\\.(${UPLOAD_IMAGE_TYPES.map((t) => t.ext).join('|')})`;
