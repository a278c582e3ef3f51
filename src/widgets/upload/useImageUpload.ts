import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, readAsDataUrl, uploadImage } from './uploadApi';

export type UploadPhase = { step: 'idle' } | { step: 'reading'; share: number } | { step: 'uploading' };

/** Checks, reads and uploads a picked image, then hands the URL the server returned to `onChange`. */
export function useImageUpload(onChange: (url: string) => void) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<UploadPhase>({ step: 'idle' });
  const [error, setError] = useState<string | undefined>();
  /** The local file just uploaded, shown without fetching it back */
  const [local, setLocal] = useState<{ url: string; for: string } | undefined>();

  useEffect(() => () => void (local && URL.revokeObjectURL(local.url)), [local]);

  const send = async (file: File) => {
    setError(undefined);
    if (file.size > MAX_UPLOAD_BYTES) return setError(t('upload.tooLarge', { max: MAX_UPLOAD_MB }));
    if (file.type !== '' && !ACCEPTED_TYPES.includes(file.type)) return setError(t('upload.notImage'));
    if (file.size === 0) return setError(t('upload.invalid'));
    setPhase({ step: 'reading', share: 0 });
    try {
      const dataUrl = await readAsDataUrl(file, (share) => setPhase({ step: 'reading', share }));
      setPhase({ step: 'uploading' });
      const res = await uploadImage(dataUrl);
      if ('error' in res) return setError(res.error.message);
      setLocal({ url: URL.createObjectURL(file), for: res.data.url });
      onChange(res.data.url);
    } catch {
      setError(t('upload.invalid'));
    } finally {
      setPhase({ step: 'idle' });
    }
  };

  return { phase, error, local, send };
}
