import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * dist/web of this package. The server runs both from src/server (tests, tsx) and from
 * dist/server (npm start), at different depths, so walk up to the package root instead of
 * counting `..`. ASSOCIA_WEB_DIR points elsewhere (a deployment serving another build).
 */
export function defaultWebDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ASSOCIA_WEB_DIR) return path.resolve(env.ASSOCIA_WEB_DIR);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('dist/web');
    dir = parent;
  }
  return path.join(dir, 'dist/web');
}
