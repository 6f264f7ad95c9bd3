import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { ConnectionConfig } from '../config.js';

/** Node reports IPv4 clients of a dual-stack socket as `::ffff:a.b.c.d`: one address, one count. */
export const plainAddress = (address: string): string => (address.startsWith('::ffff:') ? address.slice(7) : address);

// The names ASSOCIA_TRUST_PROXY accepts, as Fastify's proxy-addr defines them.
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether an address is one of the trusted proxies (addresses, CIDR ranges or range names). */
export function proxyMatcher(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Node checks the headers and request timeouts on a timer (every 30 s by default), so a short
 * timeout would be honoured late: check a few times per shortest timeout, at most once a second.
 */
export function checkingInterval(config: ConnectionConfig): number {
  const shortest = Math.min(config.headersTimeoutMs, config.requestTimeoutMs);
  return Math.min(1000, Math.max(10, Math.floor(shortest / 4)));
}

/**
 * Caps the connections open at once: in total (Node drops the excess before any byte is read)
 * and per remote address, so idle or slow connections from one address cannot take every
 * slot. Sockets over the per-address cap are destroyed at once. `uncapped` names addresses the
 * cap does not apply to (a reverse proxy carries every client's connections).
 */
export function limitConnections(server: Server, config: ConnectionConfig, uncapped: (address: string) => boolean = () => false): void {
  if (config.maxConnections > 0) server.maxConnections = config.maxConnections;
  const cap = config.maxConnectionsPerAddress;
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return socket.destroy();
    const address = plainAddress(socket.remoteAddress);
    if (uncapped(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= cap) return socket.destroy();
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
