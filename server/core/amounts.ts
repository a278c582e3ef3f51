// Amounts as requests carry them (a decimal string or a JSON number), parsed exactly into
// units: what every domain's money endpoint does first with an amount field.
import { parseAmount } from '../../contract/decimal.ts';
import { type ApiError, validationError } from './errors.ts';

/** An amount or price as a request may carry it: a decimal string or a JSON number. */
export type AmountInput = string | number;

/**
 * The exact decimal text of an amount field. A JSON number is judged by its shortest
 * round-trip text (what the JSON carried for any number a client sends), so 0.1 is "0.1";
 * exponent forms ("1e-7", 1e21), NaN, Infinity and negative values are refused with code 7
 * trade.plainDecimal naming the field. Other malformed text is left to the caller's parse.
 */
export function decimalText(value: AmountInput, field: string): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'NaN') : value;
  if (typeof value === 'number' && (!Number.isFinite(value) || value < 0 || Object.is(value, -0)))
    throw validationError(field, 'trade.plainDecimal', { field });
  if (/[eE]|^[+-]|NaN|Infinity/.test(text)) throw validationError(field, 'trade.plainDecimal', { field });
  return text;
}

/**
 * A positive decimal (string or JSON number) with at most `maxDecimals` significant fraction
 * digits, as units. Exponent, NaN, Infinity, negative: code 7 trade.plainDecimal; otherwise
 * malformed: code 7 `invalidKey`; too many decimals: code 7 trade.decimalsAllowed (names the
 * field and the limit); zero: `zeroError()` when given (spot orders answer 4013 / 4014 like a
 * missing value), else code 7 `invalidKey`.
 */
export function positiveAmount(value: AmountInput, field: string, maxDecimals: number, invalidKey = 'trade.amountInvalid', zeroError?: () => ApiError): bigint {
  const parsed = parseAmount(decimalText(value, field));
  if (!parsed) throw validationError(field, invalidKey, { field });
  if (parsed.decimals > maxDecimals)
    throw validationError(field, 'trade.decimalsAllowed', {
      field,
      decimals: maxDecimals,
    });
  if (parsed.units <= 0n) throw zeroError ? zeroError() : validationError(field, invalidKey, { field });
  return parsed.units;
}
