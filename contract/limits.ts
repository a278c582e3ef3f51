// x-limits: bounds that come from runtime data (a coin's min/max, the available
// balance). They are resolved into a separate object; the compiled schema the
// precompiled validator was built from is never touched.
import type { JsonSchema } from './screen.ts';

export type LimitName = 'minimum' | 'maximum' | 'available';
export type ResolvedLimits = Record<string, Partial<Record<LimitName, number>>>;

function at(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), data);
}

export function resolveLimits(schema: JsonSchema | undefined, data: unknown): ResolvedLimits {
  const out: ResolvedLimits = {};
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [field, prop] of Object.entries(props)) {
    const spec = prop['x-limits'] as Partial<Record<LimitName, string>> | undefined;
    if (!spec) continue;
    for (const [name, path] of Object.entries(spec) as [LimitName, string][]) {
      const value = Number(at(data, path));
      if (path && Number.isFinite(value)) out[field] = { ...out[field], [name]: value };
    }
  }
  return out;
}

export interface LimitViolation {
  field: string;
  limit: LimitName;
  value: number;
}

export function limitViolations(formData: Record<string, unknown>, limits: ResolvedLimits): LimitViolation[] {
  const out: LimitViolation[] = [];
  for (const [field, bounds] of Object.entries(limits)) {
    const raw = formData[field];
    if (raw === undefined || raw === '' || raw === null) continue;
    const n = Number(raw);
    if (!Number.isFinite(n)) continue;
    if (bounds.minimum !== undefined && n < bounds.minimum) out.push({ field, limit: 'minimum', value: bounds.minimum });
    if (bounds.maximum !== undefined && n > bounds.maximum) out.push({ field, limit: 'maximum', value: bounds.maximum });
    if (bounds.available !== undefined && n > bounds.available) out.push({ field, limit: 'available', value: bounds.available });
  }
  return out;
}

/** Fields whose value must equal another field's (x-matches), e.g. a password confirmation. */
export function mismatchedFields(schema: JsonSchema | undefined, formData: Record<string, unknown>): string[] {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props)
    .filter(([field, prop]) => {
      const other = prop['x-matches'];
      return typeof other === 'string' && formData[field] !== undefined && formData[field] !== formData[other];
    })
    .map(([field]) => field);
}
