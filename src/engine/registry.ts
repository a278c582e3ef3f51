// One component per screen kind. Registering a kind twice, or rendering a
// kind nobody registered, is a programming error and throws.
import type { ScreenComponent, ScreenKind } from './types';

export interface ScreenRegistry {
  register(kind: ScreenKind, component: ScreenComponent): void;
  resolve(kind: string): ScreenComponent;
  kinds(): string[];
}

export function createRegistry(): ScreenRegistry {
  const byKind = new Map<string, ScreenComponent>();
  return {
    register(kind, component) {
      if (byKind.has(kind)) throw new Error(`screen kind "${kind}" is already registered`);
      byKind.set(kind, component);
    },
    resolve(kind) {
      const component = byKind.get(kind);
      if (!component) throw new Error(`no screen is registered for kind "${kind}"`);
      return component;
    },
    kinds: () => [...byKind.keys()],
  };
}
