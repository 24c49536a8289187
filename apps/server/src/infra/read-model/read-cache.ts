import { createHash } from 'node:crypto';
import { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { stampsOf, type ProjectionRunner } from '@okul/projections';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/config';
import { OrganizationHeads } from '../read-side-waits';
import { CONFIG, PROJECTIONS } from '../tokens';

export interface CachedAnswer {
  body: Buffer;
  etag: string;
  /** The body compressed once for each encoding asked for, kept beside it while the answer is kept. */
  encoded: Map<Encoding, Promise<Buffer>>;
  /** The 200 as it goes out in each encoding sent so far: its bytes and headers, made once per kept answer. */
  wire: Map<Encoding | 'identity', Wire>;
}

type Encoding = 'br' | 'gzip';

interface Wire {
  body: Buffer;
  headers: Record<string, string>;
}

/** Below this a compressed answer saves less than its headers cost (the compression middleware's threshold). */
export const COMPRESS_THRESHOLD = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          // Paid once per kept answer, in the thread pool: a little more than the middleware's 4 per answer.
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipped(body);
}

interface Entry extends CachedAnswer {
  stamp: string;
  /** The answer depends on the time (an enrolment ends, a period starts, a day begins): rebuilt from then on. */
  validUntil: number;
}

/**
 * Whole answers kept at most per process, and their bytes at most (the biggest, getStudents of a large
 * institution, is a few MB; a student's balance sheet some KB): the least recently used goes first.
 */
const MAX_ENTRIES = 1024;
const MAX_BYTES = 128 * 1024 * 1024;

/** How long a stamp waits for its read models to reach the organisation's last position (as a read would). */
const WAIT_MS = 5000;

/**
 * Answers of the big reads (getStudents, getDashboard, getAttendances pages, a student's balance sheet) kept in memory with the state they
 * were built from, read before the rows: the position of the organisation's last event in the store, once
 * every projection the answer reads has applied it (and the projections' generations). A stored answer is
 * served while that stamp holds and its time has not run out; a write of the organisation moves the stamp,
 * writes of other organisations do not. While a projection still lags behind the organisation's last event
 * the stamp waits for it (at most WAIT_MS, as the rows' reads would), and nothing lagging is ever stored. Every instance
 * decides alike from the shared database. A hit costs one small query instead of rebuilding megabytes;
 * concurrent misses share one build; `ETag`/`If-None-Match` lets the browser skip the body too.
 * With a store that cannot name an organisation's last event (EventStoreDB) the stamp is the projections'
 * checkpoints, which any write of any organisation moves. READ_CACHE=off turns the cache off (the benchmark measures both).
 * Known limit: a user renaming themself is no event of an organisation, so "Ekleyen" may show the old name
 * until the organisation's next write.
 */
@Injectable()
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  /** The bodies' bytes of the entries kept (their compressed copies are a fraction more). */
  private bytes = 0;
  private readonly enabled: boolean;

  constructor(
    @Inject(OrganizationHeads) private readonly heads: OrganizationHeads,
    @Inject(PROJECTIONS) private readonly runner: ProjectionRunner,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.enabled = config.READ_CACHE === 'on';
  }

  /**
   * What the answer for the organisation is built from, or null when it must not be kept (a projection lags).
   * The organisation's last position is the caller's own (read once per request, beside the guard's query,
   * and what the reads wait for): not the one of whoever started the shared reading of the projections.
   * Read models now lag behind the commands of their organisation (their reads wait for them): when one of
   * these lags behind that position, the stamp is read again once it has applied it, so an answer read right
   * after a write is kept too (the rows' reads would have waited for it all the same).
   * Where the projections stand is the request's one reading of every read model's checkpoint (started after
   * the caller arrived, by the guard, which checks its kept row against it: no round trip of the stamp's own
   * in a request), or a reading shared by concurrent callers that started after each arrived (a caller never
   * joins a query that may predate its own write).
   */
  private async stamp(organizationId: string, projections: readonly string[]): Promise<string | null> {
    const read = async (again: boolean) => {
      const [head, checkpoints] = await Promise.all([
        this.heads.organization(organizationId),
        this.heads.checkpoints(organizationId, again),
      ]);
      return [head, stampsOf(checkpoints, projections)] as const;
    };
    let [head, stamps] = await read(false);
    if (head !== null && !stamps.parked && (stamps.applied === null || BigInt(stamps.applied) < head)) {
      const position = head;
      if (await this.runner.waitFor(position, WAIT_MS, (p) => projections.includes(p.name))) {
        [head, stamps] = await read(true);
      }
    }
    const { applied, generations, checkpoints, parked } = stamps;
    // A stale read model of the organisation: the answer is built anew, and the stale-read guard refuses it.
    if (parked) return null;
    // A store that cannot name the organisation's last event: any applied event moves the stamp.
    if (head === null) return checkpoints;
    if (applied === null || BigInt(applied) < head) return null;
    return `${head}|${generations}`;
  }

  async get(
    key: string,
    organizationId: string,
    projections: readonly string[],
    now: Date,
    build: () => Promise<{ text: string; validUntil: number }>,
  ): Promise<CachedAnswer> {
    const make = async (stamp: string): Promise<Entry> => {
      const { text, validUntil } = await build();
      const body = Buffer.from(text, 'utf8');
      const etag = `"${createHash('sha1').update(key).update(stamp).update(body).digest('base64url')}"`;
      return { body, etag, stamp, validUntil, encoded: new Map(), wire: new Map() };
    };
    if (!this.enabled) return make('');
    // Taken before the rows are read: an answer is never labelled newer than what it holds.
    const stamp = await this.stamp(organizationId, projections);
    if (stamp === null) return make('lagging');
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && now.getTime() < hit.validUntil) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const flight = `${key}|${stamp}`;
    let pending = this.building.get(flight);
    if (!pending) {
      pending = make(stamp).finally(() => this.building.delete(flight));
      this.building.set(flight, pending);
    }
    const entry = await pending;
    this.keep(key, entry);
    return entry;
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.body.length;
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, e] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      if (oldest === key) continue;
      this.entries.delete(oldest);
      this.bytes -= e.body.length;
    }
  }
}

/** The encoding chosen per distinct Accept-Encoding header (browsers send a handful of forms). */
const chosenEncodings = new Map<string, Encoding | 'identity'>();
const MAX_CHOSEN_ENCODINGS = 256;

/** Brotli first where the client takes both (smaller, and paid once per kept answer). */
function chosenEncoding(req: Request): Encoding | 'identity' {
  const header = req.headers['accept-encoding'] ?? '';
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = (req.acceptsEncodings('br') || req.acceptsEncodings('gzip') || 'identity') as
      Encoding | 'identity';
    if (chosenEncodings.size >= MAX_CHOSEN_ENCODINGS) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

const nodeWriteHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  status: number,
  headers: Record<string, string>,
) => ServerResponse;
const nodeEnd = ServerResponse.prototype.end as (this: ServerResponse, body?: Buffer) => ServerResponse;

/**
 * Writes the status line, the headers and the body in one go through Node's own ServerResponse: not through
 * the compression middleware's wrappers of `writeHead`/`end` (an answer sent here names its encoding or is
 * below the threshold, so the middleware would only look at it and step aside) nor Express's helpers (no
 * ETag hashing, no JSON work). The headers set before (security headers, the request id) go out with them.
 */
function writeWhole(res: Response, status: number, headers: Record<string, string>, body?: Buffer): void {
  nodeWriteHead.call(res, status, headers);
  nodeEnd.call(res, body);
}

/** The headers every answer of a kept read carries, whatever its status and encoding. */
function keptHeaders(etag: string): Record<string, string> {
  return { ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' };
}

/**
 * Sends a cached answer, or 304 when the browser already holds it. A client that accepts brotli or gzip gets
 * the bytes compressed for the kept answer (once, not per request); the bytes and headers of each encoding
 * are made once per kept answer, so a request copies nothing and computes no header.
 */
export async function sendCached(req: Request, res: Response, answer: CachedAnswer): Promise<void> {
  if (req.headers['if-none-match'] === answer.etag) {
    writeWhole(res, 304, keptHeaders(answer.etag));
    return;
  }
  const encoding = answer.body.length < COMPRESS_THRESHOLD ? 'identity' : chosenEncoding(req);
  let wire = answer.wire.get(encoding);
  if (!wire) {
    let body = answer.body;
    if (encoding !== 'identity') {
      let pending = answer.encoded.get(encoding);
      if (!pending) {
        pending = encode(answer.body, encoding);
        answer.encoded.set(encoding, pending);
      }
      body = await pending;
    }
    wire = {
      body,
      headers: {
        ...keptHeaders(answer.etag),
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(body.length),
        ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      },
    };
    answer.wire.set(encoding, wire);
  }
  writeWhole(res, 200, wire.headers, wire.body);
}

/**
 * Sends JSON bytes as a 200 without an ETag (an answer that changes with each request's moment), compressed
 * by the middleware as any other answer when it is large enough.
 */
export function sendJsonBytes(res: Response, body: Buffer): void {
  if (body.length >= COMPRESS_THRESHOLD) {
    res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
    return;
  }
  writeWhole(
    res,
    200,
    { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) },
    body,
  );
}
