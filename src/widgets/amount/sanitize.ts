/**
 * What an amount input keeps of typed or pasted text: digits and one decimal point
 * ("," is read as the point, as phone keyboards in many locales type it), at most
 * `decimals` fraction digits when the field has a decimals limit.
 */
export function sanitizeAmount(text: string, decimals?: number): string {
  let out = '';
  let point = false;
  let fraction = 0;
  for (const ch of text.replace(/,/g, '.')) {
    if (ch === '.') {
      if (point || decimals === 0) continue;
      point = true;
      out += out === '' ? '0.' : '.';
    } else if (ch >= '0' && ch <= '9') {
      if (point && decimals !== undefined && fraction >= decimals) continue;
      if (point) fraction++;
      out += ch;
    }
  }
  return out;
}
