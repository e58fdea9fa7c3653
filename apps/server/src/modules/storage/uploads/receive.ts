import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../protocol/errors.js';
import { SNIFF_BYTES, sniffType, type SniffedType } from '../files/sniff.js';

export interface Received {
  path: string;
  size: number;
  md5: string;
  /** The content's type from its first bytes. */
  type: SniffedType;
  head: Buffer;
}

export interface ReceiveRules {
  /** Refused mid-stream with storage_invalid_file_size once more than this has arrived. */
  maxBytes: number;
  /** Called once the first bytes are in; throws to refuse the content before the rest arrives. */
  checkType?: (type: SniffedType) => void;
}

export const tooBig = () => new AppError('storage_invalid_file_size', 'File size not allowed');

/**
 * Streams an upload to `path`, counting bytes (never buffering the whole file), hashing it and
 * deciding its type from the first bytes. A refusal stops the stream and removes the partial file.
 */
export async function receiveToFile(
  source: Readable,
  path: string,
  rules: ReceiveRules,
): Promise<Received> {
  const hash = createHash('md5');
  let size = 0;
  let head = Buffer.alloc(0);
  let type: SniffedType | null = null;
  const decide = () => {
    type = sniffType(head);
    rules.checkType?.(type);
  };
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > rules.maxBytes) return done(tooBig());
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) {
          try {
            decide();
          } catch (e) {
            return done(e as Error);
          }
        }
      }
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      try {
        if (!type) decide();
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
  const file = createWriteStream(path);
  try {
    await pipeline(source, gate, file);
  } catch (e) {
    source.resume();
    // The file may still be opening when the stream fails: remove it only once it has closed,
    // or a late open would leave a half-written file behind.
    if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()));
    await rm(path, { force: true });
    throw e;
  }
  return { path, size, md5: hash.digest('hex'), type: type ?? sniffType(head), head };
}
