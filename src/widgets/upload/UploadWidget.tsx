// An image upload field (a transfer proof): take a photo with the camera (accept="image/*",
// capture="environment") or choose an image (a screenshot of the wallet app is the usual proof).
// A file over the server's limit, or of a type the server does not store, is refused before
// anything is sent, with the limit in the message. While the image is read and sent the
// field shows its progress; then a preview, a Replace action, and the field holds the URL
// the server returned.
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, readAsDataUrl, uploadImage } from './uploadApi';
import './upload.css';

type Phase = { step: 'idle' } | { step: 'reading'; share: number } | { step: 'uploading' };

function CameraIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 100-6 3 3 0 000 6z" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 10a1.5 1.5 0 100-.01z" />
    </svg>
  );
}

export function UploadWidget({ id, value, onChange, onBlur, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string | undefined>();
  /** The local file just uploaded, shown without fetching it back */
  const [local, setLocal] = useState<{ url: string; for: string } | undefined>();
  const library = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const busy = phase.step !== 'idle';
  const off = Boolean(disabled || readonly || busy);
  const url = typeof value === 'string' && value !== '' ? value : undefined;

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

  const picked = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    // the same file can be picked again after a refusal
    if (input) input.value = '';
    if (file) void send(file);
  };

  const preview = url && (local?.for === url ? <img className="auth-image" src={local.url} alt={t('upload.preview')} /> : <AuthImage src={url} alt={t('upload.preview')} />);

  return (
    <div className="upload-widget" data-state={busy ? 'uploading' : url ? 'uploaded' : 'empty'}>
      <input
        ref={library}
        id={id}
        className="upload-input"
        type="file"
        accept="image/*"
        disabled={off}
        aria-describedby={`${id}__hint`}
        onChange={(e) => picked(e.currentTarget)}
        onBlur={() => onBlur(id, value)}
      />
      <input ref={camera} id={`${id}__camera`} className="upload-input" type="file" accept="image/*" capture="environment" disabled={off} tabIndex={-1} aria-hidden="true" onChange={(e) => picked(e.currentTarget)} />

      {preview && !busy && (
        <figure className="upload-preview">
          {preview}
          <figcaption className="field-hint">{t('upload.uploaded')}</figcaption>
        </figure>
      )}

      {busy && (
        <div className="upload-progress" role="status" aria-live="polite">
          {phase.step === 'reading' ? <progress max={1} value={phase.share} aria-label={t('upload.uploading')} /> : <progress aria-label={t('upload.uploading')} />}
          <span>{t('upload.uploading')}</span>
        </div>
      )}

      {!busy && (
        <div className="upload-actions" role="group" aria-label={t('upload.choose')}>
          <button type="button" className="btn btn-ghost upload-btn" disabled={off} onClick={() => camera.current?.click()}>
            <CameraIcon />
            {t('upload.takePhoto')}
          </button>
          <button type="button" className="btn btn-ghost upload-btn" disabled={off} onClick={() => library.current?.click()}>
            <ImageIcon />
            {url ? t('upload.replace') : t('upload.chooseImage')}
          </button>
        </div>
      )}

      <p id={`${id}__hint`} className="field-hint">
        {t('upload.hint', { max: MAX_UPLOAD_MB })}
      </p>
      {error && (
        <p className="field-message" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
