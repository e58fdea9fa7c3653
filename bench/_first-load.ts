import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g;
const EXPORT_FROM = /export\s*[{*][^;]*?from\s*["']\.\/([^"']+\.js)["']/g;

/**
 * The JavaScript a first visit downloads before the page can render: the entry script of
 * index.html and every chunk it imports statically, transitively (lazy routes are left out).
 */
export function firstLoadJs(distDir: string): { chunks: ChunkSize[]; raw: number; gzip: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const entry = /<script[^>]+(?:src|data-entry)="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in index.html');
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const re of [STATIC_IMPORT, EXPORT_FROM]) {
      for (const m of code.matchAll(re)) queue.push(`assets/${m[1]}`);
    }
  }
  const chunks = [...seen].map((file) => {
    const buf = readFileSync(join(distDir, file));
    return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  return {
    chunks,
    raw: chunks.reduce((n, c) => n + c.raw, 0),
    gzip: chunks.reduce((n, c) => n + c.gzip, 0),
  };
}
