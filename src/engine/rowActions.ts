// The row-action registry: what a list row's action button does, by its kind (RowAction.kind,
// default "mutation": its own endpoint with the row's ID, or with `calls` another file's
// endpoint with `args`). Kept free of React: the list passes in what an action needs (the
// confirm dialog, the toast, the clipboard and the action's mutation). `npm run check:schemas`
// fails on a kind this registry does not have.
import type { RowAction } from './types';

type KindName = NonNullable<RowAction['kind']>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface RowActionContext {
  action: RowAction;
  row: Record<string, unknown> & { ID: number };
  /** The row's fields as the list shows them (rounded, separators, coin): what a confirmation quotes as {{field}} */
  shown: Record<string, string>;
  t: Translate;
  confirm(message: string): Promise<boolean>;
  toast(message: string): void;
  copy(text: string): Promise<void>;
  /** The action's endpoint called with its args (default the row's ID); resolves true on success */
  mutate(arg: Record<string, unknown>): Promise<boolean>;
}

export interface RowActionKind {
  /** Button style (src/app/styles.css) */
  className: string;
  run(ctx: RowActionContext): Promise<void>;
}

export const ROW_ACTION_KINDS = {
  mutation: {
    className: 'btn btn-danger btn-small',
    async run({ action, row, shown, t, confirm, toast, mutate }) {
      if (action.confirm && !(await confirm(t(action.confirm, shown)))) return;
      if ((await mutate(actionArgs(action, row))) && action.toast) toast(t(action.toast));
    },
  },
  copy: {
    className: 'btn btn-ghost btn-small',
    async run({ action, row, t, toast, copy }) {
      const value = action.field ? row[action.field] : undefined;
      if (value === undefined || value === null || value === '') return;
      try {
        await copy(String(value));
        toast(t(action.toast ?? 'common.copied'));
      } catch {
        toast(t('common.copyFailed'));
      }
    },
  },
} satisfies Record<KindName, RowActionKind>; // every RowActionKind name, and no other

/** Every row-action kind a screen file may use. */
export const ROW_ACTION_KIND_NAMES = Object.keys(ROW_ACTION_KINDS) as KindName[];

export function resolveRowAction(kind: string | undefined): RowActionKind {
  const k = (ROW_ACTION_KINDS as Record<string, RowActionKind>)[kind ?? 'mutation'];
  if (!k) throw new Error(`no row action is registered as "${kind}"`);
  return k;
}

/** What a mutation sends: its args from the row's fields and fixed texts ("=approve"), or the row's ID. */
export function actionArgs(action: RowAction, row: Record<string, unknown> & { ID: number }): Record<string, unknown> {
  if (!action.args) return { ID: row.ID };
  return Object.fromEntries(Object.entries(action.args).map(([field, from]) => [field, from.startsWith('=') ? from.slice(1) : row[from]]));
}

/** A row action with `when` shows only where that field is true; with `unless`, only where it is not. */
export function actionShown(action: RowAction, row: Record<string, unknown>): boolean {
  if (action.when !== undefined && row[action.when] !== true) return false;
  return action.unless === undefined || row[action.unless] !== true;
}
