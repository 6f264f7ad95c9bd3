import { createHash } from 'node:crypto';
import { staticImports, type WebManifest } from './manifest.js';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

// A small inline SVG mark, so browsers do not ask for /favicon.ico (img-src allows data:).
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%231d4f91'/%3E%3Ctext x='16' y='22' font-family='Arial' font-size='17' font-weight='700' text-anchor='middle' fill='white'%3EA%3C/text%3E%3C/svg%3E";

// The page's look before the host module runs (no white flash). Inline, so the policy names
// it by its hash: the back office allows no other inline style (src/server/edges/security.ts).
const PAGE_STYLE =
  'html{font-size:16px}body{margin:0;background:#f5f7fa;color:#1f2933;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}';

/** The CSP source that allows the host page's one inline <style>, and nothing else. */
export const HOST_PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

/**
 * The page every back-office address answers with: the host module decides what to show
 * (including not-found), so the server needs no copy of the route table.
 */
export function hostHtml(manifest: WebManifest & { host: string }, sentryDsn?: string): string {
  const preloads = staticImports(manifest, manifest.host)
    .map((file) => `    <link rel="modulepreload" href="/${escapeAttr(file)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="pt-PT">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Associa</title>
    <link rel="icon" href="${FAVICON}">
${sentryDsn ? `    <meta name="associa-sentry-dsn" content="${escapeAttr(sentryDsn)}">\n` : ''}${preloads}
    <script type="module" src="/${escapeAttr(manifest.host)}"></script>
    <style>${PAGE_STYLE}</style>
  </head>
  <body>
    <div id="root"></div>
    <noscript>Esta aplicação precisa de JavaScript. Ative-o no seu navegador para continuar.</noscript>
  </body>
</html>
`;
}

/** Answered with 503 while dist/web has no host build. */
export function missingBuildHtml(): string {
  return `<!doctype html>
<html lang="pt-PT">
  <head><meta charset="utf-8"><title>Aplicação web por construir</title></head>
  <body>
    <h1>A aplicação web ainda não foi construída</h1>
    <p>O servidor está a funcionar, mas não encontrou a aplicação web em <code>dist/web</code>.
    Execute <code>npm run build:web</code> (ou <code>npx rollup -c rollup.config.mjs</code>) e recarregue esta página.</p>
  </body>
</html>
`;
}
