// What a withdrawal with its fee charged on top comes to: the amount typed arrives, the fee
// is added, and the total leaves the balance. Exact decimal strings, never floats.
import { add, tryScaled } from '../../../contract/decimal';
import type { FieldLimits } from '../../../contract/limits';

export interface FeeOnTop {
  fee: string;
  total: string;
  arrives: string;
}

/** Fee, total deducted and amount arriving for the typed `value`; undefined until an amount and the fee are known. */
export function feeOnTop(value: unknown, limits: FieldLimits): FeeOnTop | undefined {
  if (limits.fee === undefined || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  const typed = String(value);
  if (typed === '' || tryScaled(typed, 18) === null) return undefined;
  return { fee: limits.fee, total: add(typed, limits.fee), arrives: typed };
}
