import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { STORAGE_KEY, StoredFileMissing, type FileStore } from './store.js';

/** S3's smallest part (except the last): a streamed upload holds at most PARTS_IN_FLIGHT of them. */
const PART_BYTES = 5 * 1024 * 1024;
/** Parts sent at once: two keep the connection busy while the next part fills, 10 MiB per upload at most. */
const PARTS_IN_FLIGHT = 2;

const newKey = () => randomBytes(16).toString('hex');

interface Sdk {
  s3: typeof ClientS3;
  storage: typeof LibStorage;
}

let loadingSdk: Promise<Sdk> | undefined;

/**
 * The AWS SDK, loaded when an S3 store first works: importing it takes 0.3 to 0.9 s and some
 * 30 MB here, which a server on the directory or the database store (every test server, every
 * admin command) would otherwise pay at each start.
 */
function loadSdk(): Promise<Sdk> {
  loadingSdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({ s3, storage }));
  return loadingSdk;
}

/** GetObject's answer for an absent key: NoSuchKey, or a bare 404 from servers that send no code (never a missing bucket: that is a setup error). */
function isMissingKey(sdk: Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.s3.S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

/**
 * Files as objects of an S3-compatible bucket, `<prefix><key>`: every instance configured with the
 * bucket reads every file. Addressed path-style (`<endpoint>/<bucket>/<key>`), which every
 * S3-compatible server understands, virtual hosts or not. An object appears whole or not at all:
 * a single PUT, or a multipart upload that is aborted (its parts dropped) when it fails.
 */
export function s3FileStore(config: S3Config, options: { keysPerPage?: number } = {}): FileStore {
  const { bucket, prefix } = config;
  let connecting: Promise<Sdk & { client: ClientS3.S3Client }> | undefined;
  const connect = () => {
    connecting ??= loadSdk().then((sdk) => ({
      ...sdk,
      client: new sdk.s3.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // The SDK's default CRC checksums (and the aws-chunked uploads they bring) are refused by
        // several S3-compatible servers; a file's integrity is its SHA-256 in the files table.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // An unreachable or stalled server fails the request instead of holding it forever.
        requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
      }),
    }));
    return connecting;
  };
  const objectKey = (key: string) => {
    // Keys come from our own table, but an object name is never built from an unchecked string.
    if (!STORAGE_KEY.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return `${prefix}${key}`;
  };

  return {
    kind: 's3',
    async write(bytes) {
      const { s3, client } = await connect();
      const key = newKey();
      await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length }));
      return key;
    },
    async writeStream(source) {
      const { s3, storage, client } = await connect();
      const key = newKey();
      const hash = createHash('sha256');
      let size = 0;
      let sourceFailure: { error: unknown } | undefined;
      // Counted as the bytes go by: the upload holds at most a few parts, never the whole file.
      const counted = async function* () {
        try {
          for await (const piece of source) {
            const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
            hash.update(bytes);
            size += bytes.length;
            yield bytes;
          }
        } catch (error) {
          sourceFailure = { error };
          throw error;
        }
      };
      // One PUT when the stream ends within the first part, a multipart upload otherwise; a
      // failure aborts the multipart upload (leavePartsOnError false), so S3 keeps no parts.
      const upload = new storage.Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: Readable.from(counted()) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // Best effort, so no object stays under a key that no row will name.
        await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch(() => undefined);
        // The source's own failure is the cause; when the upload's abort fails too, the SDK
        // throws the abort's error instead, which would hide it.
        throw sourceFailure ? sourceFailure.error : error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    async open(key) {
      const sdk = await connect();
      let body: unknown;
      try {
        // The answer's status comes before any byte: a missing key is known here, not mid-stream.
        ({ Body: body } = await sdk.client.send(new sdk.s3.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
      } catch (error) {
        if (isMissingKey(sdk, error)) throw new StoredFileMissing(key);
        throw error;
      }
      // On Node the SDK answers the HTTP response itself, a Readable.
      if (!(body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
      return body;
    },
    async remove(key) {
      const { s3, client } = await connect();
      // S3 answers an absent key's DELETE as a success.
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *keys() {
      const { s3, client } = await connect();
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix || undefined,
            // S3's own page is 1,000 keys; a test asks for fewer to see the pages chained.
            MaxKeys: options.keysPerPage,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // A bucket (or prefix) shared with other things: only our own keys are files.
          if (key !== undefined && STORAGE_KEY.test(key)) yield key;
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
