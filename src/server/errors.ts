import type { ErrorCode } from '../core/contract.js';

/** An error with an HTTP status and a pt-PT message for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field messages of a 422. */
    readonly fieldErrors?: Record<string, string>,
    /** More members of the answer's body, e.g. a stable `code` and the current record of a 409. */
    readonly details?: { code?: ErrorCode } & Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The `code` of the answer: the one given, else the status's default. */
  get code(): ErrorCode {
    return this.details?.code ?? defaultErrorCode(this.statusCode);
  }
}

/** An error whose `code` tells it apart from the others of its status. */
export const coded = (statusCode: number, code: ErrorCode, message: string) => new HttpError(statusCode, message, undefined, { code });

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Autenticação necessária.') => new HttpError(401, message);
export const forbidden = (message = 'Não tem permissão para esta operação.') => new HttpError(403, message);
export const notFound = (message = 'Registo não encontrado.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const invalidRecord = (errors: Record<string, string>) =>
  new HttpError(422, 'O registo tem erros de validação.', errors);

/** Standard phrase and default `code` of each status we answer with. */
const STATUSES: Record<number, readonly [phrase: string, code: ErrorCode]> = {
  400: ['Bad Request', 'bad_request'],
  401: ['Unauthorized', 'unauthorized'],
  403: ['Forbidden', 'forbidden'],
  404: ['Not Found', 'not_found'],
  405: ['Method Not Allowed', 'method_not_allowed'],
  408: ['Request Timeout', 'request_timeout'],
  409: ['Conflict', 'conflict'],
  410: ['Gone', 'gone'],
  413: ['Payload Too Large', 'payload_too_large'],
  415: ['Unsupported Media Type', 'unsupported_media_type'],
  422: ['Unprocessable Entity', 'invalid_record'],
  429: ['Too Many Requests', 'too_many_requests'],
  431: ['Request Header Fields Too Large', 'headers_too_large'],
  500: ['Internal Server Error', 'internal'],
  502: ['Bad Gateway', 'bad_gateway'],
  503: ['Service Unavailable', 'service_unavailable'],
};

/** Standard phrase of each status we answer with, for the `error` member of the body. */
export const STATUS_PHRASES: Record<number, string> = Object.fromEntries(Object.entries(STATUSES).map(([status, [phrase]]) => [status, phrase]));

/** The `code` of an error answer that names no more precise case. */
export function defaultErrorCode(statusCode: number): ErrorCode {
  const known = STATUSES[statusCode]?.[1];
  if (known) return known;
  return statusCode >= 500 ? 'internal' : 'bad_request';
}
