import type { FastifyRequest } from 'fastify';
import { STALE_VERSION_CODE, type ApiRecord } from '../../core/contract.js';
import { badRequest, HttpError } from '../errors.js';

/**
 * The version a write was based on: body member `_version` or header `If-Match: "3"`
 * (either; both must agree). Undefined when the client names none (`*` included): the write is
 * then accepted whatever the stored version, as before versions existed.
 */
export function expectedVersion(request: FastifyRequest, body: Record<string, unknown>): number | undefined {
  const header = request.headers['if-match'];
  let fromHeader: number | undefined;
  if (typeof header === 'string' && header.trim() !== '*') {
    const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
    if (!match) throw badRequest('Cabeçalho If-Match inválido: indique a versão do registo, por exemplo "3".');
    fromHeader = Number(match[1]);
  }
  const raw = body._version;
  let fromBody: number | undefined;
  if (raw !== undefined && raw !== null) {
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1) throw badRequest('O campo "_version" deve ser um número inteiro positivo.');
    fromBody = raw;
  }
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw badRequest('A versão indicada no cabeçalho If-Match e no campo "_version" não coincidem.');
  }
  return fromBody ?? fromHeader;
}

/** 409 for a write based on an older version, with the record as it is now so the client can merge. */
export const staleVersion = (current: ApiRecord) =>
  new HttpError(409, 'Este registo foi alterado por outra pessoa entretanto. Reveja as alterações e guarde de novo.', undefined, {
    code: STALE_VERSION_CODE,
    data: current,
  });

/** The ETag of a record: its version, quoted. */
export const etagOf = (record: ApiRecord) => `"${String(record._version)}"`;
