import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../../src/engine/registry';

const A = () => null;
const B = () => null;

describe('screen registry', () => {
  it('resolves the component registered for a kind', () => {
    const r = createRegistry();
    r.register('form', A);
    r.register('list', B);
    expect(r.resolve('form')).toBe(A);
    expect(r.resolve('list')).toBe(B);
    expect(r.kinds()).toEqual(['form', 'list']);
  });
  it('throws on a duplicate kind', () => {
    const r = createRegistry();
    r.register('form', A);
    expect(() => r.register('form', B)).toThrow(/already registered/);
  });
  it('throws on an unknown kind', () => {
    expect(() => createRegistry().resolve('chart')).toThrow(/no screen is registered for kind "chart"/);
  });
});
