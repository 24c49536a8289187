import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Writable } from 'node:stream';

/** Writes a chunk, waiting while the socket is full; refuses once the client has gone. */
export function write(out: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed || out.writableEnded) return reject(new Error('client closed the connection'));
    if (out.write(chunk)) return resolve();
    const done = (e?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (e) reject(e);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('client closed the connection'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * A zip written to a stream as its files' chunks come (fflate's streaming Zip): one file at a time, each
 * chunk compressed and sent before the next is read, so memory holds a few chunks whatever the sizes.
 */
export class ZipStreamWriter {
  private out: Uint8Array[] = [];
  private error: Error | null = null;
  private readonly zip: Zip;
  /** Bytes of the zip written so far. */
  sizeBytes = 0;

  constructor(private readonly target: Writable) {
    this.zip = new Zip((err, data) => {
      if (err) this.error = err;
      else this.out.push(data);
    });
  }

  private async flush(): Promise<void> {
    if (this.error) throw this.error;
    const ready = this.out;
    this.out = [];
    for (const c of ready) {
      await write(this.target, c);
      this.sizeBytes += c.length;
    }
  }

  /** Adds one file from its chunks; answers its length and SHA-256 (hex) of its content. */
  async addFile(
    name: string,
    chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    opts: { compress?: boolean } = {},
  ): Promise<{ bytes: number; sha256: string }> {
    const file = opts.compress === false ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    this.zip.add(file);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      file.push(chunk, false);
      await this.flush();
    }
    file.push(new Uint8Array(0), true);
    await this.flush();
    return { bytes, sha256: hash.digest('hex') };
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
  }
}
