// Fields a form draws only while a value of its sources holds (`"ui:when": "<source>.<path>"` in
// the field's ui): hidden, a field is drawn as rjsf's hidden widget and left empty, so it is not
// sent; shown, it is required (it stays out of the payload's `required`, which the precompiled
// validator is compiled with; the server applies the same rule to the same field), unless its
// `"ui:requiredWhen"` names another source value that does not hold (a German card's optional BIC).
import type { UiSchema } from '@rjsf/utils';
import { valueAt } from '../../contract/limits';
import type { JsonSchema } from '../../contract/screen';

type FieldUi = { 'ui:when'?: string; 'ui:requiredWhen'?: string } & Record<string, unknown>;

/** The conditional fields of a form's ui, each with whether its condition holds in `picked` (the sources' data), and the shown ones that are required. */
export function conditionalFields(ui: JsonSchema | undefined, picked: Record<string, unknown>): { shown: string[]; hidden: string[]; required: string[] } {
  const shown: string[] = [];
  const hidden: string[] = [];
  const required: string[] = [];
  for (const [field, view] of Object.entries(ui ?? {})) {
    const { 'ui:when': when, 'ui:requiredWhen': requiredWhen } = view && typeof view === 'object' ? (view as FieldUi) : ({} as FieldUi);
    if (typeof when !== 'string') continue;
    const holds = valueAt(picked, when) === true;
    (holds ? shown : hidden).push(field);
    if (holds && (typeof requiredWhen !== 'string' || valueAt(picked, requiredWhen) === true)) required.push(field);
  }
  return { shown, hidden, required };
}

type VariantUi = { path: string; 'ui:title'?: string; 'ui:placeholder'?: string; 'ui:help'?: string };

/**
 * Keys that follow a source value (`"ui:byValue": {"path": "rules.routingKind", "ui:title": "bank.routingName"}`
 * in a field's ui): while the value is a non-empty text, the field's title, placeholder or help is
 * that key's entry for it (`bank.routingName.aba`: "ABA routing number" for a US card); otherwise the field's own.
 */
export function uiWithVariants(ui: UiSchema, picked: Record<string, unknown>): UiSchema {
  let out = ui;
  for (const [field, view] of Object.entries(ui)) {
    const variant = view && typeof view === 'object' ? ((view as Record<string, unknown>)['ui:byValue'] as VariantUi | undefined) : undefined;
    const value = variant ? valueAt(picked, variant.path) : undefined;
    if (!variant || typeof value !== 'string' || value === '') continue;
    const keys = (['ui:title', 'ui:placeholder', 'ui:help'] as const).flatMap((k) => (variant[k] ? [[k, `${variant[k]}.${value}`]] : []));
    out = { ...out, [field]: { ...(view as object), ...Object.fromEntries(keys) } };
  }
  return out;
}

/** The ui with each hidden field drawn as rjsf's hidden widget. */
export function uiWithHidden(ui: UiSchema, hidden: readonly string[]): UiSchema {
  if (hidden.length === 0) return ui;
  return { ...ui, ...Object.fromEntries(hidden.map((field) => [field, { ...(ui[field] as object), 'ui:widget': 'hidden' }])) };
}
