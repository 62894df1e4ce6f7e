import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** React.lazy for a module's named export (the project uses named exports only). */
export function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
