// An uploaded image shown to its owner: uploads are served only with the owner's X-Token, so
// the image is fetched with it and drawn from a blob URL (revoked when the source changes).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { RootState } from '../../store';
import { fetchUpload } from './uploadApi';

type Shown = { src: string; url: string } | { src: string; failed: true };

export function AuthImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const { t } = useTranslation();
  const token = useSelector((s: RootState) => s.session.token);
  const [shown, setShown] = useState<Shown | undefined>();

  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | undefined;
    fetchUpload(src, abort.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setShown({ src, url: objectUrl });
      },
      () => {
        if (!abort.signal.aborted) setShown({ src, failed: true });
      },
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // a new session (the token) fetches again
  }, [src, token]);

  const current = shown?.src === src ? shown : undefined;
  if (current && 'url' in current) return <img className={`auth-image ${className ?? ''}`.trim()} src={current.url} alt={alt} />;
  if (current) {
    return (
      <p className={`auth-image auth-image-failed ${className ?? ''}`.trim()} role="img" aria-label={alt}>
        {t('upload.loadFailed')}
      </p>
    );
  }
  return <span className={`auth-image auth-image-loading skeleton ${className ?? ''}`.trim()} role="img" aria-label={alt} aria-busy="true" />;
}
