// Toast, confirm dialog and modal. A tiny external store, so code outside
// React (the api layer) can show them too.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import timings from '../../schemas/config/timings.json';

interface Toast {
  id: number;
  message: string;
  /** an error is announced at once (role=alert); anything else politely (role=status) */
  error: boolean;
}
interface Dialog {
  id: number;
  message: string;
  /** confirm has two buttons, alert one */
  confirm: boolean;
  /** label and value lines the dialog repeats under its message (a purchase's figures) */
  rows?: DialogRow[];
  resolve(ok: boolean): void;
}
export interface DialogRow {
  label: string;
  value: string;
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

export function toast(message: string, ms = timings.toastMs, error = false): void {
  const id = nextId++;
  set({ ...state, toasts: [...state.toasts, { id, message, error }] });
  setTimeout(() => set({ ...state, toasts: state.toasts.filter((t) => t.id !== id) }), ms);
}

/** A toast that reports a failure (the api layer's messages). */
export const errorToast = (message: string) => toast(message, timings.toastMs, true);

function openDialog(message: string, confirm: boolean, rows?: DialogRow[]): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const close = (ok: boolean) => {
      set({ ...state, dialogs: state.dialogs.filter((d) => d.id !== id) });
      resolve(ok);
    };
    set({ ...state, dialogs: [...state.dialogs, { id, message, confirm, rows, resolve: close }] });
  });
}

export const confirmDialog = (message: string, rows?: DialogRow[]) => openDialog(message, true, rows);
export const alertDialog = (message: string) => openDialog(message, false).then(() => undefined);

// loaded with the first dialog: the home page does not need it
const DialogBox = lazy(() => import('./DialogBox'));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function OverlayHost() {
  const { toasts, dialogs } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const dialog = dialogs[dialogs.length - 1];
  // the two live regions are always there, so a screen reader hears what is added to them
  return (
    <>
      <div className="toasts">
        {[true, false].map((error) => (
          <div key={String(error)} className="toast-list" role={error ? 'alert' : 'status'}>
            {toasts
              .filter((x) => x.error === error)
              .map((x) => (
                <div key={x.id} className="toast">
                  {x.message}
                </div>
              ))}
          </div>
        ))}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <DialogBox key={dialog.id} dialog={dialog} />
        </Suspense>
      )}
    </>
  );
}
