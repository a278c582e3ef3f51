// Operator content per language (product names): a JSON object from the language prefix of the
// request's `lang` header to the text, falling back to the English text of the row.

export type LocalNames = Record<string, string>;

export function parseNames(json: string): LocalNames {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LocalNames) : {};
  } catch {
    return {};
  }
}

/** The name in the request's language (`lang` prefix: de, jp…), else the English name. */
export function localName(row: { name: string; names: string }, lang: unknown): string {
  const prefix = typeof lang === 'string' ? lang : '';
  const local = parseNames(row.names)[prefix];
  return typeof local === 'string' && local.trim() !== '' ? local : row.name;
}
