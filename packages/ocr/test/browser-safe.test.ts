/**
 * `@zapis/ocr` (not `/node`) must load in a browser Web Worker: no module it
 * reaches may import Node's built-ins or Node-only packages at load time
 * (a dynamic import inside a Node-only branch is allowed).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const source = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const NODE_ONLY = /^(node:|onnxruntime-node$|tesseract\.js$|@napi-rs\/canvas$|@gutenye\/ocr-models\/node$|@zapis\/workers$)/;

/** Static imports and re-exports of a module (type-only ones erase at build time). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
    if (match[1]) continue;
    found.push(match[2]);
  }
  return found;
}

function reachable(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imports = staticImports(file);
    seen.set(file, imports);
    for (const target of imports) if (target.startsWith('./')) visit(join(source, target.replace(/\.js$/, '.ts')));
  };
  visit(entry);
  return seen;
}

describe('the browser entry of @zapis/ocr', () => {
  it('reaches no Node built-in or Node-only package by a static import', () => {
    const graph = reachable(join(source, 'index.ts'));
    expect(graph.size).toBeGreaterThan(20);
    const offenders = [...graph].flatMap(([file, imports]) => imports.filter((target) => NODE_ONLY.test(target)).map((target) => `${file.slice(source.length + 1)} imports ${target}`));
    expect(offenders).toEqual([]);
  });

  it('keeps the Node-only parts behind @zapis/ocr/node', () => {
    const graph = reachable(join(source, 'node.ts'));
    const nodeOnly = [...graph.values()].flat().filter((target) => NODE_ONLY.test(target));
    // Worker threads come through the one pool of @zapis/workers.
    expect(nodeOnly).toContain('@zapis/workers');
    expect(nodeOnly).toContain('@napi-rs/canvas');
  });
});
