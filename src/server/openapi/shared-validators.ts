import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;
/**
 * What Fastify really passes the compiler: the route's definition ({ schema, httpPart, method,
 * url }; @fastify/ajv-compiler's lib/validator-compiler.js), where the package's types say a schema.
 */
type CompileRoute = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => Validate;
type PoolOf = (...args: Parameters<BuildCompilerFromPool>) => CompileRoute;

/** Fastify's own compiler pool (one Ajv per set of options and shared schemas), for every app of the process. */
const fromPool = AjvCompiler() as unknown as PoolOf;
const compiled = new Map<string, Validate>();

const sharedPool: PoolOf = (externalSchemas, options) => {
  const compile = fromPool(externalSchemas, options);
  const scope = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${scope}\n${route.httpPart ?? ''}\n${JSON.stringify(route.schema)}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = compile(route);
      compiled.set(key, validate);
    }
    return validate;
  };
};

/**
 * Fastify's validator compiler, with each compiled validator kept for the process: an app built
 * again (each test server, a second instance in one process) reuses the functions an earlier one
 * compiled for the same schema, options and part of the request, instead of compiling its
 * hundreds of route schemas again. Compiling them was a third of building the app (about 100 ms
 * of 270 ms). Keyed by the schema's JSON, not its object: routes build their schemas afresh for
 * each app, and Ajv's own cache, keyed by object, would keep every copy.
 */
export const sharedValidators = sharedPool as unknown as BuildCompilerFromPool;
