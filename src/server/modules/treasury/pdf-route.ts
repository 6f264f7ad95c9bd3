import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, notFound, unauthorized } from '../../errors.js';
import { parseId } from '../../resources/handlers.js';
import { authorize } from '../../resources/permissions.js';
import { sha256 } from './chain.js';
import { ensureDrawn } from './draw-receipt.js';
import { treasuryDocs } from './resources.js';
import { TREASURY_PDF_DOC } from './route-docs.js';
import { visibleIds } from './selection.js';
import { pdfStream } from './stored-bytes.js';

/** A document's PDF is a page or two: read whole, so its hash is checked before a byte is sent. */
async function storedPdf(request: FastifyRequest<{ Params: { id: string } }>, app: FastifyInstance): Promise<{ bytes: Buffer; number: string }> {
  const { caller } = request;
  if (caller.kind === 'anonymous') throw unauthorized();
  authorize(treasuryDocs, caller, 'read');
  const id = parseId(request.params.id);
  const { db } = app.ctx.database;
  // Staff: any document; a member: their own (anyone else's is a 404, as if it did not exist).
  await visibleIds(db, caller, [id]);
  const row = await db.selectFrom('treasury_docs').select(['number']).where('_id', '=', id).executeTakeFirstOrThrow();
  // Drawn after its issue's commit (decision 0054): one not drawn yet is drawn now, or waited for.
  const drawn = await ensureDrawn(app.ctx, id);
  const stream = drawn ? await pdfStream(db, app.ctx, drawn.file) : null;
  if (!drawn || !stream) throw notFound('O PDF deste documento não foi encontrado.');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (sha256(bytes) !== drawn.pdfSha256) throw conflict('O PDF guardado deste documento não corresponde ao emitido. Um administrador pode verificar a integridade dos documentos.');
  return { bytes, number: row.number };
}

/** GET /treasury_docs/{id}/pdf: the document's PDF as issued (stored, its hash checked; drawn first if it was not yet), named by its number. */
export function pdfRoute(app: FastifyInstance): void {
  app.get<{ Params: { id: string } }>('/treasury_docs/:id/pdf', { config: { openapi: TREASURY_PDF_DOC } }, async (request, reply) => {
    const { bytes, number } = await storedPdf(request, app);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number.replace(/[ /]/g, '-')}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}
