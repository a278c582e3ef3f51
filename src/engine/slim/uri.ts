// Stands in for fast-uri inside rjsf's $ref lookup. Generated form schemas have
// every $ref inlined, so only plain resolution and comparison are ever needed.
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, new URL(base, 'urn:x/')).href.replace(/^urn:x\//, '');
  } catch {
    return ref;
  }
}

const equal = (a: string, b: string) => resolve('', a) === resolve('', b);

export default { resolve, equal };
