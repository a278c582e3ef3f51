// Uploads through the app's api layer (src/api: X-Token, lang, the envelope and its codes),
// and fetching an upload back with the token for AuthImage. The limits are the server's:
// app.json maxUploadBytes decoded, JPEG, PNG or WebP (the server judges the bytes).
import type { Upload } from '../../../contract/generated/types';
import appConfig from '../../../schemas/config/app.json';
import { type ApiError, callApi, fetchWithToken } from '../../api/baseQuery';
import { screen as uploadScreen } from '../../api/generated/screens/upload';
import { ResultCode } from '../../../contract/result-codes';
import { UPLOAD_IMAGE_MIMES } from '../../../contract/upload-images';

export const MAX_UPLOAD_BYTES: number = appConfig.maxUploadBytes;
/** The limit as customers read it: whole megabytes (10). */
export const MAX_UPLOAD_MB = Math.floor(MAX_UPLOAD_BYTES / (1024 * 1024));
/** The types the server stores; a picked file of another declared type is refused before sending. */
export const ACCEPTED_TYPES: readonly string[] = UPLOAD_IMAGE_MIMES;

export type UploadResult = { data: Upload } | { error: ApiError };

/**
 * Sends one image (a data URL). Its refusals (code 7 on base64Str: too large, not an image…, and
 * 4024) come back for the widget to show under the field rather than as a toast.
 */
export async function uploadImage(dataUrl: string): Promise<UploadResult> {
  const e = uploadScreen.endpoint;
  const res = await callApi({ path: e.path, method: e.method, body: { base64Str: dataUrl }, fieldErrors: { fields: ['base64Str'], codes: [ResultCode.rateLimited] } });
  return 'error' in res ? res : { data: res.data as Upload };
}

/** An upload's bytes, fetched with the session's token (uploads are served to their owner only). */
export async function fetchUpload(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetchWithToken(url, signal);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) throw new Error(`not an image: ${blob.type}`);
  return blob;
}

/** A file as a data URL, reporting how much has been read (0..1). */
export function readAsDataUrl(file: Blob, onProgress?: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
