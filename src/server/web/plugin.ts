import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostHtml, missingBuildHtml } from './html.js';
import { defaultWebDir } from './locate.js';
import { readManifest } from './manifest.js';

export interface WebPluginOptions {
  /** The rollup output (dist/web); see defaultWebDir. */
  root?: string;
  /** Passed to the host page, which then reports errors through the /api/sentry tunnel. */
  sentryDsn?: string | undefined;
}

// Chunk names carry a content hash: a changed chunk is a new URL, so it may be kept forever.
const IMMUTABLE = { maxAge: 365 * 24 * 3600 * 1000, immutable: true };
// Elements keep stable names (association websites link them): cache briefly.
const SHORT = { maxAge: 5 * 60 * 1000, immutable: false };
// The host entry and the manifest change with every build and name the current chunks:
// the browser revalidates them (ETag) on every load.
const REVALIDATE = { cacheControl: false };

/** A last path segment with an extension: a file request, never a back-office address. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]+$/;

/**
 * Serves the web build: the host HTML at every back-office address (any GET that is not the
 * API or a file), the host module, elements under /elements/{tag}.js and shared chunks under
 * /chunks/. Encapsulated (not fastify-plugin) so reply.sendFile stays ours.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const root = options.root ?? defaultWebDir();
  // The build writes each file's .br and .gz beside it (rollup.config.mjs): sent as they are
  // to a browser that accepts them, so nothing built is compressed per request.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  function sendBuilt(reply: FastifyReply, file: string) {
    // The answer depends on Accept-Encoding (a .br or .gz form may be sent): caches must know.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (file.startsWith('chunks/')) return reply.sendFile(file, IMMUTABLE);
    if (file.startsWith('elements/')) return reply.sendFile(file, SHORT);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(file, REVALIDATE);
  }

  async function sendHost(reply: FastifyReply) {
    const manifest = await readManifest(root);
    reply.header('cache-control', 'no-cache');
    if (!manifest?.host) return reply.status(503).type('text/html; charset=utf-8').send(missingBuildHtml());
    return reply.type('text/html; charset=utf-8').send(hostHtml({ ...manifest, host: manifest.host }, options.sentryDsn));
  }

  function fileOf(pathname: string): string | null {
    let file: string;
    try {
      file = decodeURIComponent(pathname.slice(1));
    } catch {
      return null;
    }
    return file.split('/').includes('..') ? null : file;
  }

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

  // Association websites load elements (and the chunks they import) as cross-origin module
  // scripts, which browsers fetch with CORS: these two routes are public.
  for (const folder of ['/elements/*', '/chunks/*']) {
    app.get(folder, { config: { public: true } }, async (request, reply) => {
      const file = fileOf(pathOf(request));
      return file ? sendBuilt(reply, file) : reply.callNotFound();
    });
  }

  app.get('/*', async (request, reply) => {
    const pathname = pathOf(request);
    // The API answers its own 404s in JSON, whatever the web build holds.
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    if (FILE_LIKE.test(pathname)) {
      const file = fileOf(pathname);
      return file ? sendBuilt(reply, file) : reply.callNotFound();
    }
    // The payment-information page's address holds a secret token: never indexed, never sent on as a referrer.
    if (pathname.startsWith('/informacaoDePagamento/')) reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
    return sendHost(reply);
  });
}
