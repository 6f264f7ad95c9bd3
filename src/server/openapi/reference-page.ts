import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.js';
import { TRANSLATE_SCRIPT } from './reference-texts.js';
import { REFERENCE_ASSET_DOC, REFERENCE_PAGE_DOC } from './route-docs.js';

/*
 * GET /api/docs: the API reference a person reads, drawn by Swagger UI from /api/openapi.json.
 * Every file comes from this server (the swagger-ui-dist package and the two below), so the
 * page works without the internet. Addresses are relative to /api/docs: it keeps working when
 * the server is published under a path.
 */

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Swagger UI's files the page loads; nothing else of the package is served. */
const PACKAGE_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

// Starts Swagger UI from a file, not an inline script, so script-src needs nothing but 'self'.
// No validator badge (it would ask validator.swagger.io) and no address box to load other documents.
// The translation starts first, so Swagger UI's first drawing is already in pt-PT.
const START_SCRIPT = `${TRANSLATE_SCRIPT}
window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  persistAuthorization: false,
  layout: 'BaseLayout',
});
`;

const PAGE_STYLE = `body { margin: 0; font-family: system-ui, sans-serif; background: #fff; color: #1f2933; }
.reference-header { padding: 1rem 1.25rem; border-bottom: 1px solid #d9dee3; background: #f6f8fa; }
.reference-header h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
.reference-header p { margin: 0; }
.reference-header a { color: #1d4f91; }
`;

/** Our own files beside the package's. */
const OWN_FILES: Readonly<Record<string, { type: string; body: string }>> = {
  'start.js': { type: 'application/javascript; charset=utf-8', body: START_SCRIPT },
  'reference.css': { type: 'text/css; charset=utf-8', body: PAGE_STYLE },
};

const PAGE = `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Referência da API · Associa</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="stylesheet" href="docs/reference.css">
</head>
<body>
<header class="reference-header">
<h1>Referência da API do Associa</h1>
<p>Cada operação, com quem a pode usar, os parâmetros, exemplos e as respostas de erro. O mesmo conteúdo, para programas: <a href="openapi.json">documento OpenAPI 3.1 (JSON)</a>.</p>
</header>
<main id="swagger-ui"></main>
<noscript><p>Esta página precisa de JavaScript. O documento da API está em <a href="openapi.json">openapi.json</a>.</p></noscript>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/start.js"></script>
</body>
</html>
`;

/**
 * The page's own policy, in place of the application's (src/server/edges/security.ts) on this
 * one address. Swagger UI sets element styles from its scripts and draws its icons as data:
 * images; it needs no inline script, no inline style element and no other site. Same-origin
 * requests only: "Try it out" calls this API.
 */
const REFERENCE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// The package changes only with a new install: cache briefly, as the elements are.
const CACHE_MS = 5 * 60 * 1000;

export async function referencePageRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, { root: SWAGGER_UI_DIR, serve: false });

  app.get('/docs', { config: { public: true, openapi: REFERENCE_PAGE_DOC } }, async (_request, reply) => {
    reply.header('content-security-policy', REFERENCE_POLICY).header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(PAGE);
  });

  app.get<{ Params: { file: string } }>('/docs/:file', { config: { public: true, openapi: REFERENCE_ASSET_DOC } }, async (request, reply) => {
    const { file } = request.params;
    const own = Object.hasOwn(OWN_FILES, file) ? OWN_FILES[file] : undefined;
    if (own) return reply.header('cache-control', `public, max-age=${CACHE_MS / 1000}`).type(own.type).send(own.body);
    const type = Object.hasOwn(PACKAGE_FILES, file) ? PACKAGE_FILES[file] : undefined;
    if (!type) throw notFound('Ficheiro da referência da API desconhecido.');
    return reply.type(type).sendFile(file, { maxAge: CACHE_MS });
  });
}
