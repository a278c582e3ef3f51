// An image upload field (a transfer proof): take a photo with the camera (accept="image/*",
// capture="environment") or choose an image (a screenshot of the wallet app is the usual proof).
// A file over the server's limit, or of a type the server does not store, is refused before
// anything is sent, with the limit in the message. While the image is read and sent the
// field shows its progress; then a preview, a Replace action, and the field holds the URL
// the server returned.
import type { WidgetProps } from '@rjsf/utils';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';
import { MAX_UPLOAD_MB } from './uploadApi';
import { type UploadPhase, useImageUpload } from './useImageUpload';
import './upload.css';

function CameraIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 8h3l2-3h6l2 3h3v11H4zM12 16a3 3 0 100-6 3 3 0 000 6z" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 10a1.5 1.5 0 100-.01z" />
    </svg>
  );
}

/** The uploaded image: the local file just sent when it is the field's value, else fetched from the server. */
function UploadPreview({ url, local }: { url: string; local: { url: string; for: string } | undefined }) {
  const { t } = useTranslation();
  return (
    <figure className="upload-preview">
      {local?.for === url ? <img className="auth-image" src={local.url} alt={t('upload.preview')} /> : <AuthImage src={url} alt={t('upload.preview')} />}
      <figcaption className="field-hint">{t('upload.uploaded')}</figcaption>
    </figure>
  );
}

function UploadProgress({ phase }: { phase: UploadPhase }) {
  const { t } = useTranslation();
  return (
    <div className="upload-progress" role="status" aria-live="polite">
      {phase.step === 'reading' ? <progress max={1} value={phase.share} aria-label={t('upload.uploading')} /> : <progress aria-label={t('upload.uploading')} />}
      <span>{t('upload.uploading')}</span>
    </div>
  );
}

interface UploadActionsProps {
  disabled: boolean;
  /** The field holds an image: the library button replaces it. */
  uploaded: boolean;
  onCamera: () => void;
  onLibrary: () => void;
}

function UploadActions({ disabled, uploaded, onCamera, onLibrary }: UploadActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="upload-actions" role="group" aria-label={t('upload.choose')}>
      <button type="button" className="btn btn-ghost upload-btn" disabled={disabled} onClick={onCamera}>
        <CameraIcon />
        {t('upload.takePhoto')}
      </button>
      <button type="button" className="btn btn-ghost upload-btn" disabled={disabled} onClick={onLibrary}>
        <ImageIcon />
        {uploaded ? t('upload.replace') : t('upload.chooseImage')}
      </button>
    </div>
  );
}

export function UploadWidget({ id, value, onChange, onBlur, disabled, readonly }: WidgetProps) {
  const { t } = useTranslation();
  const { phase, error, local, send } = useImageUpload(onChange);
  const library = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const busy = phase.step !== 'idle';
  const off = Boolean(disabled || readonly || busy);
  const url = typeof value === 'string' && value !== '' ? value : undefined;

  const picked = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    // the same file can be picked again after a refusal
    if (input) input.value = '';
    if (file) void send(file);
  };

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
      <input
        ref={camera}
        id={`${id}__camera`}
        className="upload-input"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={off}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => picked(e.currentTarget)}
      />

      {url && !busy && <UploadPreview url={url} local={local} />}

      {busy && <UploadProgress phase={phase} />}

      {!busy && <UploadActions disabled={off} uploaded={Boolean(url)} onCamera={() => camera.current?.click()} onLibrary={() => library.current?.click()} />}

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
