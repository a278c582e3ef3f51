// The rules a config file's values must keep, as the build checks them (scripts/check-config.ts:
// the file's schema in schemas/meta/config/, Ajv strict) plus what one value cannot say about
// another (a minimum above its maximum). Each broken rule comes back as the value's JSON Pointer
// and a message key that says what is allowed, for the console to show under the change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { SCHEMAS_DIR } from '../../../contract/loader.ts';
import { tryScaled } from '../../../contract/decimal.ts';

export interface RuleBreak {
  pointer: string;
  key: string;
  params: Record<string, string | number>;
}

const ajv = new Ajv({ strict: true, allErrors: true });
const validators = new Map<string, ValidateFunction>();

function validatorOf(file: string): ValidateFunction {
  let v = validators.get(file);
  if (!v) {
    v = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'meta', 'config', `${file}.schema.json`), 'utf8')) as object);
    validators.set(file, v);
  }
  return v;
}

/** The schema of a file (for the console: each value's type and range). */
export function configSchemaOf(file: string): Record<string, unknown> {
  return validatorOf(file).schema as Record<string, unknown>;
}

/** The decimal and ratio formats of the config schemas, worded for operators instead of shown as patterns. */
export const DECIMAL_PATTERNS: ReadonlySet<string> = new Set([
  '^(?:[1-9][0-9]*(?:\\.[0-9]+)?|0\\.[0-9]*[1-9][0-9]*)$',
  '^[0-9]+(\\.[0-9]+)?$',
  '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,8})?$',
]);
export const RATIO_PATTERNS: ReadonlySet<string> = new Set(['^0(\\.[0-9]+)?$', '^0(?:\\.[0-9]{1,8})?$']);
const TYPED = new Set(['integer', 'number', 'string', 'boolean', 'array']);

function ruleOf(e: ErrorObject): RuleBreak {
  const pointer = e.instancePath || '/';
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type': {
      const type = String(p.type);
      return TYPED.has(type)
        ? { pointer, key: `admin.configType.${type}`, params: { pointer } }
        : { pointer, key: 'admin.configStructural', params: { pointer } };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return { pointer, key: `admin.configRule.${e.keyword}`, params: { pointer, limit: Number(p.limit) } };
    case 'pattern': {
      const pattern = String(p.pattern);
      if (DECIMAL_PATTERNS.has(pattern)) return { pointer, key: 'admin.configRule.decimal', params: { pointer } };
      if (RATIO_PATTERNS.has(pattern)) return { pointer, key: 'admin.configRule.ratio', params: { pointer } };
      return { pointer, key: 'admin.configRule.pattern', params: { pointer, pattern } };
    }
    case 'enum':
      return { pointer, key: 'admin.configRule.enum', params: { pointer, values: (p.allowedValues as unknown[]).join(', ') } };
    case 'uniqueItems':
      return { pointer, key: 'admin.configRule.uniqueItems', params: { pointer } };
    case 'required':
    case 'additionalProperties':
      return { pointer, key: 'admin.configStructural', params: { pointer } };
    default:
      return { pointer, key: 'admin.configRule.other', params: { pointer, rule: e.message ?? e.keyword } };
  }
}

const amount = (v: unknown): bigint | null => (typeof v === 'string' ? tryScaled(v, 18) : null);

/** A minimum above its maximum, for each pair of the file that has one. */
function minimumsAboveMaximums(file: string, value: unknown): RuleBreak[] {
  const pairs: [string, unknown, unknown, unknown][] = [];
  if (file === 'wire-limits' && value && typeof value === 'object')
    for (const [currency, l] of Object.entries(value as Record<string, { minimum?: unknown; maximum?: unknown }>))
      pairs.push([`/${currency}/minimum`, l?.minimum, l?.maximum, l?.maximum]);
  if (file === 'funds') {
    const f = value as { bankWithdrawMin?: unknown; bankWithdrawMax?: unknown };
    pairs.push(['/bankWithdrawMin', f.bankWithdrawMin, f.bankWithdrawMax, f.bankWithdrawMax]);
  }
  if (file === 'reviews') {
    const sla = (value as { sla?: { warnAfterMinutes?: unknown; lateAfterMinutes?: unknown } }).sla;
    if (typeof sla?.warnAfterMinutes === 'number' && typeof sla.lateAfterMinutes === 'number' && sla.warnAfterMinutes > sla.lateAfterMinutes)
      return [
        { pointer: '/sla/warnAfterMinutes', key: 'admin.configRule.minAboveMax', params: { pointer: '/sla/warnAfterMinutes', maximum: sla.lateAfterMinutes } },
      ];
  }
  return pairs.flatMap(([pointer, min, max, shown]) => {
    const a = amount(min);
    const b = amount(max);
    return a !== null && b !== null && a > b ? [{ pointer, key: 'admin.configRule.minAboveMax', params: { pointer, maximum: String(shown) } }] : [];
  });
}

/** Every rule the file's value breaks (none: it may be proposed). */
export function configRuleBreaks(file: string, value: unknown): RuleBreak[] {
  const validate = validatorOf(file);
  if (!validate(value)) return (validate.errors ?? []).map(ruleOf);
  return minimumsAboveMaximums(file, value);
}
