// URL attributes the apps' sanitiser (DOMPurify, src/engine/SafeHtml.tsx) would drop, found the way
// a browser reads them: character references decoded (&#106;avascript:, &#x6A;, &colon;, with or
// without the semicolon), whitespace and control characters removed, then DOMPurify's own rule
// for allowed URLs (ALLOWED_URI_REGEXP): a known scheme, or no scheme at all.
const TAGS = /<[a-z][^>]*>?/gi;
const URL_ATTRIBUTES = /[\s/"'](href|src|action|formaction|xlink:href|background|poster|cite|srcset|ping)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/** DOMPurify 3's ALLOWED_URI_REGEXP and ATTR_WHITESPACE. */
const ALLOWED_URI = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// eslint-disable-next-line no-control-regex -- control characters are what a browser drops from a URL
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** The named references that can spell a scheme; any other one before the scheme's end makes the URL suspect. */
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: '\u00A0', amp: '&', period: '.', plus: '+', dash: '-', hyphen: '-' };

/** The attribute value as the browser sees it, or null when a reference in it is not one we know. */
function decoded(value: string): string | null {
  let unknown = false;
  const text = value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Math.min(parseInt(dec, 10), 0x10ffff)))
    .replace(/&([a-z]+);?/gi, (all, name: string) => {
      const known = NAMED[name.toLowerCase()];
      if (known === undefined) unknown = true;
      return known ?? all;
    });
  return unknown ? null : text;
}

function unquoted(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** The attribute names that hold a URL (lower case). */
export const URL_ATTRIBUTE_NAMES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'cite', 'srcset', 'ping']);

/** Whether the sanitiser keeps the URL attribute `name` with this value (as written, quoted or not). */
export function isSafeUrlValue(name: string, written: string): boolean {
  const value = decoded(unquoted(written));
  // srcset holds several URLs, each before its width or density
  const urls = name.toLowerCase() === 'srcset' && value !== null ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
  return urls.every((url) => url !== null && ALLOWED_URI.test(url.replace(ATTR_WHITESPACE, '')));
}

/** A URL attribute of `html` that the sanitiser would drop (as written), '' when there is none. */
export function unsafeUrlAttributeIn(html: string): string {
  for (const match of [...html.matchAll(TAGS)].flatMap((tag) => [...tag[0].matchAll(URL_ATTRIBUTES)])) {
    if (!isSafeUrlValue(match[1], match[2])) return `${match[1]}=${match[2]}`;
  }
  return '';
}
