import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's import graph, read from the source: every relative import, re-export, type import and dynamic
 * `import()` of src/, commands/, views/ and domain/. Biome's noRestrictedImports holds the arrows per folder in
 * `npm run check`; this test holds what Biome cannot see: no module reaches itself again through its imports.
 */
const root = resolve(__dirname, '../..');
const folders = ['src', 'commands', 'views', 'domain'] as const;
/** The composition root: the only files of src/ that may import commands/ and views/. */
const compositionRoot = new Set(['src/main.tsx', 'src/App.tsx', 'src/routes.tsx']);
/** Which folders each folder may import (views → commands → src → domain). */
const allowed: Readonly<Record<(typeof folders)[number], readonly string[]>> = {
  views: ['views', 'commands', 'src', 'domain'],
  commands: ['commands', 'src', 'domain'],
  src: ['src', 'domain'],
  domain: ['domain'],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const specifierPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The project files a file imports (relative specifiers resolved to files; packages and assets left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const match of text.matchAll(specifierPattern)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    const base = join(dirname(file), specifier);
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(join(root, candidate)),
    );
    if (target) found.push(relative(root, join(root, target)));
  }
  return found;
}

const files = folders.flatMap((folder) => sourceFiles(folder));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Tarjan's strongly connected components: every group of files that import each other, in a circle. */
function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  function visit(node: string): void {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || edges.get(node)?.includes(node)) found.push(component.sort());
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the console’s import graph', () => {
  it('reads the source it guards', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get('src/routes.tsx')).toContain('views/shell/Shell.tsx');
    expect(graph.get('views/palette/RootPage.tsx')).toContain('commands/palette-state.ts');
  });

  it('has no import cycle, type imports and dynamic imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('only points views → commands → src → domain; src/ reaches commands/ and views/ only from its root', () => {
    const wrong = [...graph].flatMap(([file, imports]) => {
      const folder = file.split('/')[0] as (typeof folders)[number];
      if (compositionRoot.has(file)) return [];
      return imports
        .filter((target) => !allowed[folder].includes(target.split('/')[0] as string))
        .map((target) => `${file} → ${target}`);
    });
    expect(wrong).toEqual([]);
  });

  it('would notice a cycle', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
