// Copies a value (an address, a code, a link) to the clipboard and says so in a toast.
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';
import { toast } from './overlays';

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
      <Icon name="copy" size={18} />
    </button>
  );
}
