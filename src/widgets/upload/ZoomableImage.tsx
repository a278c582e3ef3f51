// An uploaded image that opens large on a click (an identity document beside its selfie, a
// transfer proof): the large view covers the page until a click or Escape closes it.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';

export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button type="button" className="zoom-image" aria-label={t('upload.enlarge', { name: alt })} onClick={() => setOpen(true)}>
        <AuthImage src={src} alt={alt} />
      </button>
      {open && (
        <div className="zoom-overlay" role="dialog" aria-modal="true" aria-label={alt} onClick={() => setOpen(false)}>
          <AuthImage src={src} alt={alt} className="zoom-large" />
          <button type="button" className="btn btn-ghost zoom-close" onClick={() => setOpen(false)}>
            {t('common.close')}
          </button>
        </div>
      )}
    </>
  );
}
