// Types for the inflate-only entry of pako (the package's types cover only its main entry).
declare module 'pako/lib/inflate.js' {
  import type { inflate } from 'pako';
  const pakoInflate: { inflate: typeof inflate };
  export default pakoInflate;
}
