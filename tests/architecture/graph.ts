/**
 * The graph helpers both architecture tests use: the TypeScript files under a folder, and the cycles of
 * an import graph (its strongly connected components with more than one node, by Tarjan's algorithm).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` whose name matches `pattern` (default: .ts), declaration files left out. */
export function tsFiles(dir: string, pattern = /\.ts$/, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, pattern, out);
    else if (pattern.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The cycles of `graph`: each strongly connected component of more than one node, its nodes sorted.
 *  Edges to nodes that are not keys are ignored (a node with no edges of its own is on no cycle). */
export function graphCycles(graph: Map<string, Iterable<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const comp: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) cycles.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
