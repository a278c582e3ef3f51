// Copies a value (an address, a code, a link) to the clipboard and says so in a toast.
import { useTranslation } from 'react-i18next';
import { PathIcon } from './Icon';
import { toast } from './overlays';

const COPY = 'M8 8h12v12H8zM16 8V4H4v12h4';

export async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

/** An icon button; `label` names what is copied for screen readers ("Copy address"). */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation();
  const onClick = () =>
    copyText(value).then(
      () => toast(t('common.copied')),
      () => toast(t('common.copyFailed')),
    );
  return (
    <button type="button" className="icon-btn copy-btn" aria-label={label ?? t('common.copy')} title={label ?? t('common.copy')} onClick={() => void onClick()}>
      <PathIcon d={COPY} size={18} />
    </button>
  );
}
