/** The parts of a Sentry DSN: {protocol}://{publicKey}@{host}{path}/{projectId} */
export interface Dsn {
  protocol: string;
  publicKey: string;
  host: string;
  path: string;
  projectId: string;
}

export function parseDsn(text: string): Dsn | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/');
  const projectId = segments.pop() ?? '';
  if (!url.username || !/^\d+$/.test(projectId) || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  return { protocol: url.protocol, publicKey: url.username, host: url.host, path: segments.join('/'), projectId };
}

export const sameDsn = (a: Dsn, b: Dsn): boolean =>
  a.protocol === b.protocol && a.publicKey === b.publicKey && a.host === b.host && a.path === b.path && a.projectId === b.projectId;

/**
 * Where envelopes for this DSN go. The DSN's own protocol and host are used as they are,
 * which is also what lets tests point the tunnel at a local server.
 */
export const envelopeUrl = (dsn: Dsn): string => `${dsn.protocol}//${dsn.host}${dsn.path}/api/${dsn.projectId}/envelope/`;

/** The `dsn` named in an envelope's first line (its JSON header), if any. */
export function envelopeDsn(body: Buffer): string | undefined {
  const end = body.indexOf(0x0a);
  const header = body.subarray(0, end === -1 ? body.length : end).toString('utf8');
  try {
    const parsed: unknown = JSON.parse(header);
    const dsn = typeof parsed === 'object' && parsed !== null ? (parsed as { dsn?: unknown }).dsn : undefined;
    return typeof dsn === 'string' ? dsn : undefined;
  } catch {
    return undefined;
  }
}
