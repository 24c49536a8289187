import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, logSentence, mediaUploadStream } from '@okul/domain';
import { addCourse, addMember, orgApi } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';
import { imageHost, signUpload } from './image-host';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let instructor: string;
const dataDir = mkdtempSync(join(tmpdir(), 'okul-media-'));
const api = () => orgApi(t, owner);

/** A real PNG of the given size (a wide picture, so a 300x300 avatar is a crop). */
const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

type Grant = {
  signature: string;
  expire: number;
  token: string;
  publicKey: string;
  folder: string;
  fileName: string;
};

async function grant(body: Record<string, unknown>, s = owner): Promise<Grant> {
  const r = await orgApi(t, s, owner.organizationId).post('requestImageUpload', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Grant;
}

/** The multipart upload of api.md 7.5, field by field as the client sends it. */
function upload(g: Grant, file: Buffer, over: Partial<Grant> = {}, filename = 'photo.png') {
  const f = { ...g, ...over };
  return request(t.http)
    .post('/api/v1/media/upload')
    .field('fileName', f.fileName)
    .field('publicKey', f.publicKey)
    .field('signature', f.signature)
    .field('expire', String(f.expire))
    .field('token', f.token)
    .field('folder', f.folder)
    .field('useUniqueFileName', 'false')
    .field('overwriteFile', 'true')
    .attach('file', file, { filename, contentType: 'image/png' });
}

beforeAll(async () => {
  t = await startTestServer({ DATA_DIR: dataDir });
  [owner, other, staff] = await Promise.all([signUpOwner(t.http), signUpOwner(t.http), signUpOwner(t.http)]);
  await addMember(t, owner.organizationId, staff.userId, ROLES.schoolStaff);
  const course = await addCourse(t, owner, 'Resim');
  const r = await api().post('addInstructor', { name: 'Ece', surname: 'Kaya', branches: [course] });
  instructor = r.body.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('requestImageUpload (api.md 7.3, 7.5)', () => {
  it('signs one place of the organisation for a short while', async () => {
    const before = Math.floor(Date.now() / 1000);
    const g = await grant({ target: 'instructor', id: instructor });
    expect(g).toMatchObject({
      folder: `orgs/${owner.organizationId}/instructors/${instructor}`,
      fileName: 'avatar.jpg',
      uploadUrl: '/api/v1/media/upload',
      url: `/media/orgs/${owner.organizationId}/instructors/${instructor}/avatar.jpg`,
    });
    expect(g.expire).toBeGreaterThan(before);
    expect(g.expire).toBeLessThanOrEqual(before + 3600);
    expect(g.signature).toBe(signUpload(imageHost(t.server.runtime.config).privateKey, g.token, g.expire));
  });

  it('refuses a missing record, a bad logo type, staff and another organisation', async () => {
    const cases: Array<[SignedIn, unknown, number, string]> = [
      [owner, { target: 'course', id: randomUUID() }, 404, 'Medya yüklenemedi'],
      [owner, { target: 'instructor' }, 400, 'Medya yüklenemedi'],
      [owner, { target: 'logo', logoType: 'favicon' }, 400, 'Invalid logo type name'],
      [owner, {}, 400, 'Eksik parametre'],
    ];
    for (const [who, body, status, error] of cases) {
      const r = await orgApi(t, who, owner.organizationId).post('requestImageUpload', body);
      expect({ body, status: r.status, error: r.body.error }).toEqual({ body, status, error });
    }
    const asStaff = await orgApi(t, staff, owner.organizationId).post('requestImageUpload', {
      target: 'logo',
      logoType: 'organization-logo',
    });
    expect(asStaff.status).toBe(403);
    const asOther = await orgApi(t, other, owner.organizationId).post('requestImageUpload', {
      target: 'instructor',
      id: instructor,
    });
    expect(asOther.status).toBe(403);
    // Their own organisation has no such instructor.
    const ownOrg = await orgApi(t, other).post('requestImageUpload', {
      target: 'instructor',
      id: instructor,
    });
    expect([ownOrg.status, ownOrg.body.error]).toEqual([404, 'Medya yüklenemedi']);
  });
});

describe('the embedded image host', () => {
  let url: string;

  it('takes a signed upload, shows it on the record and serves it, resized on request', async () => {
    const g = await grant({ target: 'instructor', id: instructor });
    const r = await upload(g, await png());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    url = r.body.url as string;
    expect(url).toMatch(
      new RegExp(`^/media/orgs/${owner.organizationId}/instructors/${instructor}/avatar\\.jpg\\?v=\\d+$`),
    );
    expect(r.body).toMatchObject({ name: 'avatar.jpg', fileType: 'image/png' });

    const listed = (await api().get('getInstructors')).body as Array<{ id: string; avatar: string | null }>;
    expect(listed.find((i) => i.id === instructor)?.avatar).toBe(url);

    const original = await request(t.http).get(url).buffer(true).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toContain('max-age=31536000');
    expect(await sharp(original.body as Buffer).metadata()).toMatchObject({ width: 600, height: 400 });

    // api.md 7.5: avatars at 300x300 (twice: the second comes from the disk cache).
    for (let i = 0; i < 2; i++) {
      const small = await request(t.http).get(`${url}&tr=w-300,h-300,fo-face`).buffer(true).expect(200);
      expect(await sharp(small.body as Buffer).metadata()).toMatchObject({
        width: 300,
        height: 300,
        format: 'png',
      });
    }
    const cover = await request(t.http).get(`${url}&tr=w-575,h-375,fo-auto`).buffer(true).expect(200);
    expect(await sharp(cover.body as Buffer).metadata()).toMatchObject({ width: 575, height: 375 });
  });

  it('refuses a used token a second time', async () => {
    const g = await grant({ target: 'instructor', id: instructor });
    expect((await upload(g, await png())).status).toBe(200);
    const again = await upload(g, await png(50, 50));
    expect([again.status, again.body.error]).toEqual([
      409,
      'Bu yükleme izni zaten kullanıldı; lütfen tekrar deneyin.',
    ]);
  });

  it('refuses a file over 512 KB: "Dosya çok büyük."', async () => {
    const g = await grant({ target: 'instructor', id: instructor });
    const big = Buffer.concat([await png(), Buffer.alloc(512 * 1024)]);
    const r = await upload(g, big);
    expect([r.status, r.body.error]).toEqual([413, 'Dosya çok büyük.']);
    // The refusal used nothing up: the same signature still takes a proper image.
    expect((await upload(g, await png())).status).toBe(200);
  });

  it('tells the type by content: a renamed program is refused', async () => {
    const g = await grant({ target: 'instructor', id: instructor });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'), Buffer.alloc(2000, 1)]);
    const r = await upload(g, exe, {}, 'photo.png');
    expect(r.status).toBe(415);
    expect(r.body.error).toContain('yalnızca jpg, jpeg, png veya webp');
    // PNG magic bytes followed by garbage do not decode either.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(500, 7),
    ]);
    expect((await upload(g, fake)).status).toBe(415);
  });

  it('refuses an expired signature', async () => {
    const token = randomUUID();
    const expire = Math.floor(Date.now() / 1000) - 5;
    const folder = `orgs/${owner.organizationId}/logos`;
    const { store } = t.server.runtime.persistence;
    const now = new Date().toISOString();
    await store.append(
      mediaUploadStream(token),
      [
        {
          id: randomUUID(),
          type: 'ImageUploadAuthorized',
          data: {
            token,
            organizationId: owner.organizationId,
            target: { kind: 'logo', logoType: 'organization-logo' },
            folder,
            fileName: 'logo.png',
            expire,
            authorizedBy: owner.userId,
          },
          metadata: {
            organizationId: owner.organizationId,
            userId: owner.userId,
            ipAddress: null,
            userAgent: 'test',
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: now,
          },
        },
      ],
      'no_stream',
    );
    const { privateKey, publicKey } = imageHost(t.server.runtime.config);
    const g: Grant = {
      token,
      expire,
      folder,
      fileName: 'logo.png',
      publicKey,
      signature: signUpload(privateKey, token, expire),
    };
    const r = await upload(g, await png());
    expect([r.status, r.body.error]).toEqual([403, 'Yükleme izninin süresi doldu; lütfen tekrar deneyin.']);
  });

  it("refuses another organisation's folder, another place and a forged signature", async () => {
    const g = await grant({ target: 'logo', logoType: 'organization-logo' });
    const foreign = await upload(g, await png(), { folder: `orgs/${other.organizationId}/logos` });
    expect([foreign.status, foreign.body.error]).toEqual([403, 'Bu klasöre yükleme izniniz yok.']);
    const elsewhere = await upload(g, await png(), { fileName: 'logo-negative.png' });
    expect(elsewhere.status).toBe(403);
    const outside = await upload(g, await png(), { folder: `orgs/${owner.organizationId}/../../etc` });
    expect(outside.status).toBe(403);
    const forged = await upload(g, await png(), { signature: '0'.repeat(40) });
    expect([forged.status, forged.body.error]).toEqual([403, 'Yükleme imzası geçersiz.']);
    expect((await request(t.http).get(`/media/orgs/${other.organizationId}/logos/logo.png`)).status).toBe(
      404,
    );
  });

  it('shows a logo to signed-out visitors, removes images and logs both actions', async () => {
    const g = await grant({ target: 'logo', logoType: 'organization-logo' });
    const up = await upload(g, await png(200, 80));
    expect(up.status).toBe(200);
    const logos = await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getOrganizationLogos`);
    expect(logos.status).toBe(200);
    expect(logos.body).toEqual({ logo: up.body.url });
    expect((await request(t.http).get(logos.body.logo as string)).status).toBe(200);

    const del = await api().post('deleteImage', { target: 'logo', logoType: 'organization-logo' });
    expect(del.status).toBe(200);
    expect(
      (await request(t.http).get(`/api/v1/orgs/${owner.organizationId}/getOrganizationLogos`)).body,
    ).toEqual({});
    expect((await request(t.http).get(up.body.url as string)).status).toBe(404);
    const again = await api().post('deleteImage', { target: 'logo', logoType: 'organization-logo' });
    expect([again.status, again.body.error]).toEqual([404, 'Görsel bulunamadı.']);

    const logs = (await api().post('requestOrgLogs', { limit: 50 })).body.logs as Array<{
      action: string;
      userId: string | null;
      details: Record<string, unknown>;
    }>;
    const uploaded = logs.find((l) => l.action === 'upload_media');
    expect(uploaded?.userId).toBe(owner.userId);
    expect(logSentence('upload_media', uploaded?.details)).toBe(
      '"Kurum logosu (logo.png)" dosyasını yükledi.',
    );
    const deleted = logs.find((l) => l.action === 'delete_media');
    expect(logSentence('delete_media', deleted?.details)).toBe('"Kurum logosu (logo.png)" dosyasını sildi.');
    expect(logs.some((l) => l.action === 'upload_media_failed')).toBe(true);
  });
});
