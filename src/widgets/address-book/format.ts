// Address formats per network (schemas/config/networks.json, the same file the server checks
// with) and how saved addresses compare.
import networksConfig from '../../../schemas/config/networks.json';

export interface NetworkFormat {
  network: string;
  name: string;
  pattern: string;
  example: string;
}

const FORMATS = new Map((networksConfig.networks as NetworkFormat[]).map((n) => [n.network, n]));

export function networkFormat(network: unknown): NetworkFormat | undefined {
  return typeof network === 'string' ? FORMATS.get(network) : undefined;
}

/** Whether `address` has the format of `network`; undefined when the network has none known. */
export function addressValid(network: unknown, address: string): boolean | undefined {
  const f = networkFormat(network);
  return f ? new RegExp(f.pattern).test(address) : undefined;
}

/** Whether two addresses are the same (EVM hex addresses ignore letter case), as the server compares them. */
export function sameAddress(a: string, b: string): boolean {
  return /^0x/i.test(a) ? a.toLowerCase() === b.toLowerCase() : a === b;
}
