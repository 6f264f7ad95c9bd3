import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../../../src/server/config.js';

/**
 * A local S3-compatible server (@20minutes/s3rver, a devDependency: `npm ci` installs it, nothing
 * is downloaded at run time) for the S3 file store's tests and the bench's files row. It keeps its
 * objects in a temporary directory removed on stop. Imports nothing of vitest, so bench/ uses it too.
 */
export interface LocalS3Server {
  /** A bucket on this server for the S3 file store (ASSOCIA_S3_* as a test or the bench sets them). */
  config: S3Config;
  /** The same as environment variables, for a server started in another process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Runs in the child. s3rver signs its ListObjectsV2 continuation tokens with DES, which Node's
 * OpenSSL 3 offers only with --openssl-legacy-provider: a process of its own gets that flag
 * without changing the tests' process. Signatures are not checked (allowMismatchedSignatures):
 * its v4 check rejects the AWS SDK's ListObjectsV2 request, and what is tested here is the store,
 * not S3's authentication. The child stops when its stdin closes, so it never outlives the parent.
 */
const CHILD = `
const [modulePath, directory, bucket] = process.argv.slice(1);
try {
  require('node:crypto').createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
} catch {
  console.error('This Node has no OpenSSL legacy provider (DES), which the local S3 server needs for its list continuation tokens.');
  process.exit(1);
}
const S3rver = require(modulePath);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket }], allowMismatchedSignatures: true,
});
server.run().then(
  ({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'),
  (error) => { console.error(error); process.exit(1); },
);
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

/** s3rver's built-in account: it knows no other. */
const ACCESS_KEY = 'S3RVER';

const require = createRequire(import.meta.url);

function s3rverModule(): string {
  try {
    return require.resolve('@20minutes/s3rver');
  } catch {
    throw new Error('The local S3 server (@20minutes/s3rver, a devDependency) is not installed: run `npm ci`.');
  }
}

/** Starts the server on a free port of 127.0.0.1 with one empty bucket; `prefix` goes into the config as is. */
export async function startLocalS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'associa-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'associa-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, s3rverModule(), directory, bucket], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));

  try {
    const port = await new Promise<number>((resolve, reject) => {
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        stdout += text;
        const line = stdout.split('\n')[0];
        if (stdout.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`The local S3 server exited (${code}) before listening:\n${stderr}`)));
    });
    const config: S3Config = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      prefix: options.prefix ?? '',
    };
    return {
      config,
      env: {
        ASSOCIA_S3_ENDPOINT: config.endpoint,
        ASSOCIA_S3_REGION: config.region,
        ASSOCIA_S3_BUCKET: config.bucket,
        ASSOCIA_S3_ACCESS_KEY_ID: config.accessKeyId,
        ASSOCIA_S3_SECRET_ACCESS_KEY: config.secretAccessKey,
        ...(config.prefix ? { ASSOCIA_S3_PREFIX: config.prefix } : {}),
      },
      async stop() {
        child.stdin.end();
        await exited;
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill();
    await exited;
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
