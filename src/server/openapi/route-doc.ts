/** A JSON Schema (2020-12, as OpenAPI 3.1 uses). */
export type JsonSchema = Record<string, unknown>;

/** An object schema; every property required unless the list says otherwise. */
export const objectSchema = (properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema => ({ type: 'object', properties, required });

/** One answer of a route: its meaning in pt-PT and, when it has a body, the body's schema. */
interface ResponseDoc {
  description: string;
  schema?: JsonSchema;
  /** Media type of the body; JSON unless said. */
  type?: string;
}

/**
 * How a route describes itself in the OpenAPI document: `config: { openapi: {...} }` where it
 * is registered. Kept in the route's config rather than Fastify's `schema`, which would also
 * filter answers; the JSON body's schema alone is handed to Fastify to validate the body with.
 * Path parameters (`:id`) are documented from the URL; `security` comes from `config.public`.
 */
export interface RouteDoc {
  /** One line, pt-PT: what the operation does. */
  summary: string;
  /** pt-PT: who may call it, what it reads and answers, what to know before using it. */
  description: string;
  tags: readonly string[];
  /**
   * A JSON body (or the type given) the route reads. A JSON body's schema is also the one
   * Fastify validates it with (body-validation.ts); `invalid: 'fields'` answers a body that
   * breaks it with a 422 naming the field, as routes that check records field by field do,
   * instead of a 400.
   */
  body?: {
    schema: JsonSchema;
    type?: string;
    required?: boolean;
    description?: string;
    invalid?: 'fields';
    /** Why the handler, not the schema, still judges this body (a check shared with a route that has no schema); the test lists each such route. */
    handChecked?: string;
  };
  /** Query parameters. */
  query?: Record<string, JsonSchema & { description?: string }>;
  /** Answers that are not errors, by status. */
  responses: Record<number, ResponseDoc>;
  /** Error statuses the route answers with; each body is the common error shape with a `code`. */
  errors: readonly number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the OpenAPI document (src/server/openapi). */
    openapi?: RouteDoc;
  }
}
