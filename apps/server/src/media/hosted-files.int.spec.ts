import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';
import { orgApi } from '../../test/support/school-fixtures';
import { HostedImageFiles, MEDIA_QUEUE } from './hosted-files';

/**
 * A stand-in for ImageKit's file API (an external party): DELETE /v1/files/{fileId} with HTTP basic
 * authentication (the private key as the user), 204 when deleted, 404 for a file it does not hold. It can
 * fail a number of calls first (ImageKit down).
 */
class FakeImageKit {
  readonly files = new Set<string>();
  readonly calls: Array<{ method: string; path: string; status: number }> = [];
  failing = 0;
  url = '';
  private server!: Server;

  constructor(private readonly privateKey: string) {}

  async start() {
    this.server = createServer((req, res) => {
      const answer = (status: number) => {
        this.calls.push({ method: req.method ?? '', path: req.url ?? '', status });
        res.statusCode = status;
        res.end(status === 204 ? undefined : JSON.stringify({ message: `status ${status}` }));
      };
      const auth = `Basic ${Buffer.from(`${this.privateKey}:`).toString('base64')}`;
      if (req.headers.authorization !== auth) return answer(401);
      const m = /^\/v1\/files\/([^/]+)$/.exec(req.url ?? '');
      if (req.method !== 'DELETE' || !m) return answer(405);
      if (this.failing > 0) {
        this.failing -= 1;
        return answer(500);
      }
      return answer(this.files.delete(decodeURIComponent(m[1]!)) ? 204 : 404);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestServer;
let owner: SignedIn;
/** The server's log: each failed attempt of a job is logged. */
const logLines: string[] = [];
const privateKey = `private_instructor_${randomBytes(8).toString('hex')}`;
const imagekit = new FakeImageKit(privateKey);
const api = () => orgApi(t, owner);
const logo = { target: 'logo', logoType: 'organization-logo' } as const;
const logos = async () =>
  (await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getOrganizationLogos`)).body as {
    logo?: string;
  };

/** What the client does on ImageKit: a signature, the upload there (the stand-in takes the file), the report. */
async function uploadLogo(fileId: string | null) {
  const grant = await api().post('requestImageUpload', logo);
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  if (fileId) imagekit.files.add(fileId);
  const recorded = await api().post('recordImageUpload', {
    token: grant.body.token,
    ...(fileId ? { fileId } : {}),
  });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  return recorded.body.url as string;
}

const drain = () => t.server.runtime.queue.drain(MEDIA_QUEUE);

beforeAll(async () => {
  await imagekit.start();
  t = await startTestServer(
    {
      IMAGEKIT_PUBLIC_KEY: 'public_instructor_test',
      IMAGEKIT_PRIVATE_KEY: privateKey,
      IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/okul-test',
      IMAGEKIT_API_URL: imagekit.url,
    },
    { logDestination: { write: (line) => logLines.push(line) } },
  );
  owner = await signUpOwner(t.http);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await imagekit.close();
});

describe('deleteImage on ImageKit', () => {
  it('clears the record at once and deletes the file at ImageKit, retried while ImageKit fails', async () => {
    const url = await uploadLogo('ik-logo-1');
    expect(url).toMatch(/^https:\/\/ik\.imagekit\.io\/okul-test\/orgs\/.+\/logos\/logo\.png\?v=/);
    expect(await logos()).toEqual({ logo: url });

    imagekit.failing = 2;
    const del = await api().post('deleteImage', logo);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ url: null });
    expect(await logos()).toEqual({});

    await expect.poll(() => imagekit.files.has('ik-logo-1'), { timeout: 60_000, interval: 100 }).toBe(false);
    expect(imagekit.calls).toEqual([
      { method: 'DELETE', path: '/v1/files/ik-logo-1', status: 500 },
      { method: 'DELETE', path: '/v1/files/ik-logo-1', status: 500 },
      { method: 'DELETE', path: '/v1/files/ik-logo-1', status: 204 },
    ]);
    const failed = logLines.filter((l) => l.includes('job failed') && l.includes('ImageKit answered 500'));
    expect(failed).toHaveLength(2);
  });

  it('takes a file ImageKit no longer holds as deleted (one call, no retry)', async () => {
    imagekit.calls.length = 0;
    await uploadLogo('ik-logo-2');
    imagekit.files.delete('ik-logo-2');
    expect((await api().post('deleteImage', logo)).status).toBe(200);
    await expect.poll(() => imagekit.calls.length, { timeout: 60_000, interval: 100 }).toBe(1);
    await drain();
    expect(imagekit.calls).toEqual([{ method: 'DELETE', path: '/v1/files/ik-logo-2', status: 404 }]);
  });

  it('calls ImageKit for nothing when the upload was reported without its fileId', async () => {
    imagekit.calls.length = 0;
    await uploadLogo(null);
    expect((await api().post('deleteImage', logo)).status).toBe(200);
    expect(await logos()).toEqual({});
    await drain();
    expect(imagekit.calls).toEqual([]);
  });

  it('keeps a file that was uploaded again to the same place before the job ran', async () => {
    imagekit.calls.length = 0;
    await uploadLogo('ik-logo-3');
    const hosted = t.server.app.get(HostedImageFiles);
    await hosted.remove({
      id: 'instructor-stale',
      name: 'imagekit-delete-file',
      attempt: 1,
      data: {
        organizationId: owner.organizationId,
        target: { kind: 'logo', logoType: 'organization-logo' },
        fileId: 'ik-logo-3',
      },
    });
    expect(imagekit.calls).toEqual([]);
    expect(imagekit.files.has('ik-logo-3')).toBe(true);
    expect(await logos()).toMatchObject({ logo: expect.any(String) });
  });

  it('refuses a malformed fileId in Turkish', async () => {
    const grant = await api().post('requestImageUpload', logo);
    const r = await api().post('recordImageUpload', { token: grant.body.token, fileId: '../../x' });
    expect([r.status, r.body.error]).toEqual([400, 'Eksik parametre']);
  });
});
