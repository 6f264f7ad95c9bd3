import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** dist/web/manifest.json as rollup.config.mjs writes it. */
export interface WebManifest {
  host: string | null;
  elements: Record<string, string>;
  files: Record<string, { imports: string[]; dynamicImports: string[] }>;
}

function isManifest(value: unknown): value is WebManifest {
  if (value === null || typeof value !== 'object') return false;
  const m = value as Partial<WebManifest>;
  return (m.host === null || typeof m.host === 'string') && typeof m.elements === 'object' && typeof m.files === 'object';
}

/** Null when there is no build (or an unreadable one): the server then says how to make it. */
export async function readManifest(webDir: string): Promise<WebManifest | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(webDir, 'manifest.json'), 'utf8'));
    return isManifest(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Every file an entry imports statically, transitively: preloaded so the browser fetches them in parallel. */
export function staticImports(manifest: WebManifest, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const dep of manifest.files[file]?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      visit(dep);
    }
  };
  visit(entry);
  return [...seen];
}
