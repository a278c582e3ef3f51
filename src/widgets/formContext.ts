import type { ResolvedLimits } from '../../contract/limits';

/** What FormScreen hands to every widget through rjsf's formContext. */
export interface FormContext {
  formData: Record<string, unknown>;
  /** Set another field (a captcha sets its id, the phone widget its country code) */
  setField(name: string, value: unknown): void;
  /** Changes after every failed submit: single-use captchas refresh */
  captchaNonce: number;
  limits: ResolvedLimits;
  /** The form's data sources by name: each source's response (a coin list, the assets…) */
  sources: Record<string, unknown>;
  /** Each source's row for the current form values (the source's list and match): the machine a buy form is for */
  picked: Record<string, unknown>;
  /** The form's schema, for widgets that check a sibling field's format */
  schema: Record<string, unknown>;
  /** The lines the form's confirmation repeats before it sends (null: nothing to confirm yet) */
  confirmRows?(rows: { label: string; value: string }[] | null): void;
}

export function formContextOf(registry: { formContext?: unknown }): FormContext {
  return registry.formContext as FormContext;
}
