/** An error with an HTTP status and a pt-PT message for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Field messages of a 422. */
    readonly fieldErrors?: Record<string, string>,
    /** More members of the answer's body, e.g. a stable `code` and the current record of a 409. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Autenticação necessária.') => new HttpError(401, message);
export const forbidden = (message = 'Não tem permissão para esta operação.') => new HttpError(403, message);
export const notFound = (message = 'Registo não encontrado.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const invalidRecord = (errors: Record<string, string>) =>
  new HttpError(422, 'O registo tem erros de validação.', errors);

/** Standard phrase of each status we answer with, for the `error` member of the body. */
export const STATUS_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
