// What a form's ui:confirm repeats in its confirmation (a broadcast): the named fields as typed,
// each under its label, empty ones left out, and with `count` a number the server answers for what
// was typed (the customers a broadcast reaches), asked from one of the form's data sources when
// the dialog opens. Loaded only by the forms that ask.
import { formatAmount } from '../../contract/number-format';
import { confirmDialog, type DialogRow } from '../ui/overlays';

export interface ConfirmCount {
  /** The data source (screen.sources) asked, with the form's non-empty `args` fields */
  source: string;
  args: string[];
  /** The answer's field holding the number, and the row's label */
  field: string;
  label: string;
}

export interface ConfirmSpec {
  message: string;
  fields: string[];
  count?: ConfirmCount;
}

type Data = Record<string, unknown>;
type Translate = (k: string) => string;
/** Runs a data source's endpoint once with these args and resolves with its answer. */
export type AskSource = (source: string, args: Data) => Promise<unknown>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A field as typed; an amount (ui:widget amount) in the reader's number format with the decimals typed. */
function shown(value: unknown, widget: string | undefined, locale: string): string {
  const text = String(value);
  return widget === 'amount' ? formatAmount(text, text.split('.')[1]?.length ?? 0, locale) : text;
}

export function confirmRows(spec: ConfirmSpec, ui: Record<string, unknown>, formData: Data, t: Translate, locale: string): DialogRow[] {
  return spec.fields.flatMap((field) => {
    const value = formData[field];
    const fieldUi = ui[field] as { 'ui:title'?: string; 'ui:widget'?: string } | undefined;
    const title = fieldUi?.['ui:title'];
    return isEmpty(value) ? [] : [{ label: title ? t(title) : field, value: shown(value, fieldUi?.['ui:widget'], locale) }];
  });
}

/** The count's row: the number in the reader's format, or a dash when the server could not answer (it refuses the send itself then). */
async function countRow(count: ConfirmCount, formData: Data, ask: AskSource, t: Translate, locale: string): Promise<DialogRow> {
  const args = Object.fromEntries(count.args.flatMap((name) => (isEmpty(formData[name]) ? [] : [[name, formData[name]]])));
  try {
    const answer = (await ask(count.source, args)) as Data;
    const n = answer?.[count.field];
    return { label: t(count.label), value: typeof n === 'number' ? formatAmount(String(n), 0, locale) : '—' };
  } catch {
    return { label: t(count.label), value: '—' };
  }
}

/** Asks with the form's own message, its fields and the count; resolves true on confirm. */
export async function askToConfirm(
  spec: ConfirmSpec,
  ui: Record<string, unknown>,
  formData: Data,
  t: Translate,
  ask: AskSource,
  locale: string,
): Promise<boolean> {
  const rows = confirmRows(spec, ui, formData, t, locale);
  if (spec.count) rows.push(await countRow(spec.count, formData, ask, t, locale));
  return confirmDialog(t(spec.message), rows);
}
