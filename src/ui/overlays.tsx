// Toast, confirm dialog and modal. A tiny external store, so code outside
// React (the api layer) can show them too.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import timings from '../../schemas/config/timings.json';

interface Toast {
  id: number;
  message: string;
}
interface Dialog {
  id: number;
  message: string;
  /** confirm has two buttons, alert one */
  confirm: boolean;
  resolve(ok: boolean): void;
}
interface OverlayState {
  toasts: Toast[];
  dialogs: Dialog[];
}

let state: OverlayState = { toasts: [], dialogs: [] };
let nextId = 1;
const listeners = new Set<() => void>();
const set = (next: OverlayState) => {
  state = next;
  for (const l of listeners) l();
};

export function toast(message: string, ms = timings.toastMs): void {
  const id = nextId++;
  set({ ...state, toasts: [...state.toasts, { id, message }] });
  setTimeout(() => set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) }), ms);
}

function openDialog(message: string, confirm: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const close = (ok: boolean) => {
      set({ ...state, dialogs: state.dialogs.filter((d) => d.id !== id) });
      resolve(ok);
    };
    set({ ...state, dialogs: [...state.dialogs, { id, message, confirm, resolve: close }] });
  });
}

export const confirmDialog = (message: string) => openDialog(message, true);
export const alertDialog = (message: string) => openDialog(message, false).then(() => undefined);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function OverlayHost() {
  const { toasts, dialogs } = useSyncExternalStore(subscribe, () => state, () => state);
  const { t } = useTranslation();
  const dialog = dialogs[dialogs.length - 1];
  return (
    <>
      <div className="toasts" aria-live="polite">
        {toasts.map((x) => (
          <div key={x.id} className="toast" role="status">
            {x.message}
          </div>
        ))}
      </div>
      {dialog && (
        <div className="dialog-backdrop">
          <div className="dialog" role="dialog" aria-modal="true">
            <p className="dialog-message">{dialog.message}</p>
            <div className="dialog-actions">
              {dialog.confirm && (
                <button type="button" className="btn btn-ghost" onClick={() => dialog.resolve(false)}>
                  {t('common.cancel')}
                </button>
              )}
              <button type="button" className="btn btn-primary" onClick={() => dialog.resolve(true)}>
                {dialog.confirm ? t('common.confirm') : t('common.ok')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
