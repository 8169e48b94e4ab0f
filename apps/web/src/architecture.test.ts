import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Relative imports of every module of the web app, the lazy `import()`s of the route table included: a cycle through a
 * lazy edge still ties a feature to the app shell that loads it.
 */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  for (const file of files) {
    const full = path.join(root, file);
    const source = fs.readFileSync(full, 'utf8');
    const targets = [...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)]
      .filter((m) => !/^\s*import\s+type\s/.test(m[0]) && !/^\s*export\s+type\s/.test(m[0]))
      .map((m) => path.relative(root, path.resolve(path.dirname(full), m[1] as string)));
    const lazy = [...source.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((m) =>
      path.relative(root, path.resolve(path.dirname(full), m[1] as string)),
    );
    graph.set(file, [...targets, ...lazy]);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next) && graph.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('web module layout (issue 11 §3)', () => {
  const graph = importGraph(import.meta.dirname);

  it('has no import cycle (features navigate through shared/navigation.ts, not app/router.tsx)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('imports app/router.tsx only from the entry point', () => {
    const importers = [...graph].filter(([, targets]) => targets.includes('app/router.tsx')).map(([file]) => file);
    expect(importers).toEqual(['main.tsx']);
  });
});
