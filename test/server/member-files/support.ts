import type { TestServer } from '../support/server.js';
import { forgetStoredBytes, storedKeys } from '../support/stored-files.js';

const BOUNDARY = 'associa-member-files';

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body with its parts in order, as the browser's FormData sends them. */
export function multipart(parts: readonly Part[]) {
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`)]
      : [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`), part.bytes, Buffer.from('\r\n')],
  );
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A PDF of exactly `size` bytes (a comment pads it). */
export function pdfOf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%';
  const tail = '\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(size - head.length - tail.length) + tail);
}

/** Every file in the server's store (on the directory store, temporary ones included). */
export const storedFiles = (server: TestServer): Promise<string[]> => storedKeys(server);

export async function countRows(server: TestServer, table: 'files' | 'member_files'): Promise<number> {
  return (await server.database.db.selectFrom(table).select('_id').execute()).length;
}

/** Every photo and document gone, rows and bytes: each test starts with none. */
export async function forgetFiles(server: TestServer): Promise<void> {
  await server.database.db.deleteFrom('member_files').execute();
  await server.database.db.deleteFrom('files').execute();
  await forgetStoredBytes(server);
}
