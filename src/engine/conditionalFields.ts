// Fields a form draws only while a value of its sources holds (`"ui:when": "<source>.<path>"` in
// the field's ui): hidden, a field is drawn as rjsf's hidden widget and left empty, so it is not
// sent; shown, it is required (it stays out of the payload's `required`, which the precompiled
// validator is compiled with; the server applies the same rule to the same field).
import type { UiSchema } from '@rjsf/utils';
import { valueAt } from '../../contract/limits';
import type { JsonSchema } from '../../contract/screen';

type FieldUi = { 'ui:when'?: string } & Record<string, unknown>;

/** The conditional fields of a form's ui, each with whether its condition holds in `picked` (the sources' data). */
export function conditionalFields(ui: JsonSchema | undefined, picked: Record<string, unknown>): { shown: string[]; hidden: string[] } {
  const shown: string[] = [];
  const hidden: string[] = [];
  for (const [field, view] of Object.entries(ui ?? {})) {
    const when = view && typeof view === 'object' ? (view as FieldUi)['ui:when'] : undefined;
    if (typeof when === 'string') (valueAt(picked, when) === true ? shown : hidden).push(field);
  }
  return { shown, hidden };
}

/** The ui with each hidden field drawn as rjsf's hidden widget. */
export function uiWithHidden(ui: UiSchema, hidden: readonly string[]): UiSchema {
  if (hidden.length === 0) return ui;
  return { ...ui, ...Object.fromEntries(hidden.map((field) => [field, { ...(ui[field] as object), 'ui:widget': 'hidden' }])) };
}
