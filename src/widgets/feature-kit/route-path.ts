// Route patterns handed to an element as attributes (`card-path="/cartoessocio/:id"`), filled
// in by the element: it knows the record, the host knows its route table. The same rules as
// the host's pathOf, so a pattern the host passes reads back as one of its routes.

/**
 * The pattern with its parameters filled in: `:name` by `params.name` (encoded), an optional
 * `/:name?` dropped when `params.name` is absent.
 *
 *     pathWith('/cartoessocio/verificarVarios/:id?', { id: 7 })  // '/cartoessocio/verificarVarios/7'
 *     pathWith('/cartoessocio/verificarVarios/:id?')             // '/cartoessocio/verificarVarios'
 */
export function pathWith(pattern: string, params: Record<string, string | number | undefined> = {}): string {
  return pattern
    .replace(/\/:([A-Za-z_][A-Za-z0-9_]*)\?/g, (_, key: string) => (params[key] === undefined ? '' : `/${encodeURIComponent(String(params[key]))}`))
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole: string, key: string) => (params[key] === undefined ? whole : encodeURIComponent(String(params[key]))));
}
