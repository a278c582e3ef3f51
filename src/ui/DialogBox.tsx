// The confirm and alert dialog of overlays.tsx, and the keys every dialog answers to.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Dialog {
  id: number;
  message: string;
  /** confirm has two buttons, alert one */
  confirm: boolean;
  rows?: { label: string; value: string }[];
  resolve(ok: boolean): void;
}

/** Escape calls `onEscape` while a dialog is open; focus moves into it, Tab keeps it there, and it goes back where it was when the dialog closes. */
export function useDialogKeys(onEscape: () => void) {
  const ref = useRef<HTMLElement & HTMLDivElement & HTMLFormElement>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') escape.current();
      if (e.key !== 'Tab' || !ref.current) return;
      // Tab stays inside the modal: past the last control to the first, before the first to the last
      const controls = [...ref.current.querySelectorAll<HTMLElement>('button:not(:disabled), input, select, textarea, a[href]')];
      const [first, last] = [controls[0], controls[controls.length - 1]];
      const inside = ref.current.contains(document.activeElement);
      if (e.shiftKey && (!inside || document.activeElement === first)) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, []);
  return ref;
}

export default function DialogBox({ dialog }: { dialog: Dialog }) {
  const { t } = useTranslation();
  const ref = useDialogKeys(() => dialog.resolve(false));
  const messageId = `dialog-message-${dialog.id}`;
  return (
    <div className="dialog-backdrop">
      <div ref={ref} className="dialog" role={dialog.confirm ? 'alertdialog' : 'dialog'} aria-modal="true" aria-labelledby={messageId}>
        <p className="dialog-message" id={messageId}>
          {dialog.message}
        </p>
        {dialog.rows && (
          <dl className="dialog-rows">
            {dialog.rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="dialog-actions">
          {dialog.confirm && (
            <button type="button" className="btn btn-ghost" data-autofocus onClick={() => dialog.resolve(false)}>
              {t('common.cancel')}
            </button>
          )}
          <button type="button" className="btn btn-primary" data-autofocus={dialog.confirm ? undefined : true} onClick={() => dialog.resolve(true)}>
            {dialog.confirm ? t('common.confirm') : t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
