import type { ExchangeModule } from './context';

/**
 * The order modules start in: each after every module it `needs`, otherwise in the order listed.
 * Stopping goes the other way. An unknown name or a circle of needs is a wiring mistake: it throws.
 */
export function startOrder(modules: readonly ExchangeModule[]): ExchangeModule[] {
  const byName = new Map<string, ExchangeModule>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`two modules are named '${module.name}'`);
    byName.set(module.name, module);
  }
  const ordered: ExchangeModule[] = [];
  const placed = new Set<string>();
  const placing: string[] = [];
  const place = (module: ExchangeModule) => {
    if (placed.has(module.name)) return;
    if (placing.includes(module.name))
      throw new Error(`modules need each other in a circle: ${[...placing, module.name].join(' -> ')}`);
    placing.push(module.name);
    for (const need of module.needs ?? []) {
      const needed = byName.get(need);
      if (!needed) throw new Error(`module '${module.name}' needs '${need}', which is not composed`);
      place(needed);
    }
    placing.pop();
    placed.add(module.name);
    ordered.push(module);
  };
  for (const module of modules) place(module);
  return ordered;
}
