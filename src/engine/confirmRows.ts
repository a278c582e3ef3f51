// What a form's ui:confirm repeats in its confirmation (a broadcast to every customer): the named
// fields as typed, each under its label, empty ones left out. Loaded only by the forms that ask.
import type { DialogRow } from '../ui/overlays';

export interface ConfirmSpec {
  message: string;
  fields: string[];
}

export function confirmRows(spec: ConfirmSpec, ui: Record<string, unknown>, formData: Record<string, unknown>, t: (k: string) => string): DialogRow[] {
  return spec.fields.flatMap((field) => {
    const value = formData[field];
    const title = (ui[field] as { 'ui:title'?: string } | undefined)?.['ui:title'];
    return value === undefined || value === null || value === '' ? [] : [{ label: title ? t(title) : field, value: String(value) }];
  });
}
