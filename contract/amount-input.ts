// An amount as a person types it, read by their language's number format: "25,000" is twenty-five
// thousand in English and "1.000,5" a thousand and a half in German. Every amount input of the app
// reads through here (src/ui/AmountInput.tsx), so a separator is never silently taken for the other.
//
// The rules, for a language whose decimal separator is D and grouping separator G:
//   - spaces (also no-break and thin) and apostrophes are grouping, as some languages write it;
//   - with both "." and ",", the last one is the decimal separator and the other must group digits
//     in threes before it ("1.000,5" and "1,000.5" both read 1000.5 in any language);
//   - with one separator used once, D is the decimal separator; G groups when three digits follow
//     it ("25,000" in English), else it is read as the decimal separator (a phone keyboard's "0,5"
//     in English, "0.5" in German);
//   - a separator used more than once groups, in threes, or the text is not an amount.
// Anything else the text holds (letters, signs) is dropped, as the inputs always did.

export type AmountReading = { ok: true; value: string } | { ok: false };

export interface Separators {
  decimal: string;
  group: string;
}

const cache = new Map<string, Separators>();

/** The language's decimal and grouping separators ("." and "," in English, "," and "." in German). */
export function separatorsOf(locale: string): Separators {
  let found = cache.get(locale);
  if (!found) {
    const shown = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
    // a language that groups with spaces (French, Russian) still writes "." or "," for the other role
    found = shown === ',' ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };
    cache.set(locale, found);
  }
  return found;
}

/** True when every separator in `integer` (of the one given) has exactly three digits after it and 1-3 before the first. */
function groupsInThrees(integer: string, sep: string): boolean {
  const groups = integer.split(sep);
  return groups.length > 1 && /^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g));
}

function joined(integer: string, fraction: string | undefined): AmountReading {
  const whole = integer === '' && fraction !== undefined ? '0' : integer;
  return { ok: true, value: fraction === undefined ? whole : `${whole}.${fraction}` };
}

/** What typed text says as a plain decimal ("1000.5"); `ok: false` when its separators contradict each other. */
export function readAmountInput(text: string, locale: string): AmountReading {
  const kept = text.replace(/[\s\u00a0\u202f'’]/g, '').replace(/[^\d.,]/g, '');
  const { decimal, group } = separatorsOf(locale);
  const lastDot = kept.lastIndexOf('.');
  const lastComma = kept.lastIndexOf(',');
  if (lastDot < 0 && lastComma < 0) return joined(kept, undefined);
  if (lastDot >= 0 && lastComma >= 0) {
    const point = lastDot > lastComma ? '.' : ',';
    const other = point === '.' ? ',' : '.';
    const at = Math.max(lastDot, lastComma);
    const integer = kept.slice(0, at);
    const fraction = kept.slice(at + 1);
    if (integer.includes(point) || fraction.includes(other) || !groupsInThrees(integer, other)) return { ok: false };
    return joined(integer.split(other).join(''), fraction);
  }
  const sep = lastDot >= 0 ? '.' : ',';
  const pieces = kept.split(sep);
  if (pieces.length > 2) return groupsInThrees(kept, sep) ? joined(pieces.join(''), undefined) : { ok: false };
  if (sep === group && sep !== decimal && groupsInThrees(kept, sep)) return joined(pieces.join(''), undefined);
  return joined(pieces[0], pieces[1]);
}

/** A plain decimal as the input shows it in the language: its decimal separator, no grouping ("0,5" in German). */
export function amountInputText(value: string, locale: string): string {
  return value.replace('.', separatorsOf(locale).decimal);
}

/** The digits after the decimal point of a plain decimal. */
export function fractionDigits(value: string): number {
  const at = value.indexOf('.');
  return at < 0 ? 0 : value.length - at - 1;
}
