// Strict path patterns for wouter's <Router parser>. wouter's default (regexparam) matches
// '/a', '/a/' and '/A' alike; SPEC 2 wants trailing slashes (and case) to matter.

export interface CompiledPath {
  pattern: RegExp;
  keys: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * '/socios/:id' -> /^\/socios\/([^/]+)$/ with keys ['id']. ':name?' is an optional last
 * segment ('/a/:id?' matches '/a' and '/a/1', not '/a/'). '*' matches the rest.
 * The root '/' matches '/' only.
 */
export function compilePath(path: string): CompiledPath {
  if (path === '/') return { pattern: /^\/$/, keys: [] };
  const keys: string[] = [];
  let source = '';
  for (const segment of path.split('/').slice(1)) {
    const param = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(segment);
    if (param) {
      keys.push(param[1]!);
      source += param[2] ? '(?:\\/([^/]+))?' : '\\/([^/]+)';
    } else if (segment === '*') {
      keys.push('wild');
      source += '\\/(.*)';
    } else {
      source += '\\/' + escape(segment);
    }
  }
  return { pattern: new RegExp(`^${source}$`), keys };
}

const cache = new Map<string, CompiledPath>();

/** wouter's Parser signature; `loose` (nested routes) is not used by the host. */
export function strictParser(route: string): CompiledPath {
  let compiled = cache.get(route);
  if (!compiled) {
    compiled = compilePath(route);
    cache.set(route, compiled);
  }
  return compiled;
}

/**
 * location.pathname is percent-encoded ('/configuracaoS%C3%B3cios'); route paths hold the
 * terminology as written ('/configuracaoSócios'). A malformed escape stays as it is.
 */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The parameters of `path` when `pathname` (decoded) matches it, else null. */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  const { pattern, keys } = strictParser(path);
  const found = pattern.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  keys.forEach((key, i) => {
    const value = found[i + 1];
    if (value !== undefined) params[key] = value;
  });
  return params;
}
