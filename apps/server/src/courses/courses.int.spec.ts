import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOrganization } from '../infra/organization-scope';
import { signUpOwner, startTestServer, type SignedIn, type TestServer } from '../../test/support/test-server';

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
const base = (s: SignedIn) => `/api/v1/orgs/${s.organizationId}`;

beforeAll(async () => {
  t = await startTestServer();
  owner = await signUpOwner(t.http);
  other = await signUpOwner(t.http);
});
afterAll(async () => t?.close());

describe('courses', () => {
  it('adds courses and lists them sorted by index, right after the save', async () => {
    const a = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Piyano', courseExplanation: 'Bireysel' });
    expect(a.status).toBe(200);
    const b = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Gitar', courseExplanation: 'Grup dersi' });
    expect(b.status).toBe(200);
    const list = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Piyano', 'Gitar']);
    expect(list.body[1]).toMatchObject({
      index: 1,
      safeName: 'gitar',
      deletedAt: null,
      courseExplanation: 'Grup dersi',
    });
  });

  it('answers the catalogue messages for bad input and writes nothing', async () => {
    const cases: Array<[unknown, number, string, string]> = [
      [{ courseExplanation: 'x' }, 400, 'kurs adı eksik', 'course.nameMissing'],
      [{ name: 'x' }, 400, 'açıklama eksik', 'course.explanationMissing'],
      [{ name: 'x', courseExplanation: 'y', extra: 1 }, 400, 'Tanınmayan alan: extra', 'common.unknownField'],
    ];
    for (const [body, status, error, code] of cases) {
      const r = await request(t.http)
        .post(`${base(owner)}/addCourse`)
        .set(owner.auth)
        .send(body as object);
      expect(r.status).toBe(status);
      expect({ error: r.body.error, code: r.body.code }).toEqual({ error, code });
    }
    const bad = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('İstek gövdesi geçerli bir JSON değil.');
    const huge = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'x', courseExplanation: 'y'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('İstek gövdesi çok büyük.');
    const list = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    expect(list.body).toHaveLength(2);
  });

  it('edits, soft deletes and restores, and logs each action', async () => {
    const add = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Resim', courseExplanation: 'Yağlı boya' });
    const id = add.body.id;
    const edit = await request(t.http)
      .post(`${base(owner)}/editCourse`)
      .set(owner.auth)
      .send({ id, name: 'Resim Atölyesi', courseExplanation: 'Yağlı boya' });
    expect(edit.status).toBe(200);
    expect(
      (
        await request(t.http)
          .post(`${base(owner)}/deleteCourse`)
          .set(owner.auth)
          .send({ id })
      ).status,
    ).toBe(200);
    let list = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    expect(list.body.find((c: { id: string }) => c.id === id)).toMatchObject({
      name: 'Resim Atölyesi',
      deletedAt: expect.any(String),
    });
    const again = await request(t.http)
      .post(`${base(owner)}/deleteCourse`)
      .set(owner.auth)
      .send({ id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Kurs zaten silinmiş.');
    expect(
      (
        await request(t.http)
          .post(`${base(owner)}/resurrectCourse`)
          .set(owner.auth)
          .send({ id })
      ).status,
    ).toBe(200);
    list = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    expect(list.body.find((c: { id: string }) => c.id === id).deletedAt).toBeNull();

    const logs = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(owner.auth)
      .send({ limit: 50 });
    expect(logs.status).toBe(200);
    const actions = logs.body.logs.map((l: { action: string }) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'add_course',
        'edit_course',
        'soft_delete_course',
        'resurrect_course',
        'soft_delete_course_failed',
        'add_course_failed',
      ]),
    );
    expect(logs.body.logs[0]).toMatchObject({ userId: owner.userId, ipAddress: expect.any(String) });
    const filtered = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(owner.auth)
      .send({ action: 'edit_course' });
    expect(filtered.body.logs).toHaveLength(1);
    const page1 = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(owner.auth)
      .send({ limit: 2 });
    const page2 = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(owner.auth)
      .send({ limit: 2, lastDoc: page1.body.logs[1].id });
    expect(page1.body.hasMore).toBe(true);
    expect(Number(page2.body.logs[0].id)).toBeLessThan(Number(page1.body.logs[1].id));
  });

  it('stores a request retried with the same Idempotency-Key once (api.md 7.1: one refresh, one repeat)', async () => {
    const before = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    const send = (key: string, body: object, path = 'addCourse') =>
      request(t.http)
        .post(`${base(owner)}/${path}`)
        .set(owner.auth)
        .set('Idempotency-Key', key)
        .send(body);
    const first = await send('add-keman-1', { name: 'Keman', courseExplanation: 'Bireysel' });
    const retry = await send('add-keman-1', { name: 'Keman', courseExplanation: 'Bireysel' });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    const edit = { id: first.body.id, name: 'Keman II', courseExplanation: 'Bireysel' };
    expect((await send('edit-keman-1', edit, 'editCourse')).status).toBe(200);
    expect((await send('edit-keman-1', edit, 'editCourse')).status).toBe(200);
    const after = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    expect(after.body).toHaveLength(before.body.length + 1);
    const logs = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(owner.auth)
      .send({});
    const forKeman = logs.body.logs.filter(
      (l: { details: { courseId?: string } }) => l.details.courseId === first.body.id,
    );
    expect(forKeman.map((l: { action: string }) => l.action)).toEqual(['edit_course', 'add_course']);
    // a different key is a different user action
    const other = await send('add-keman-2', { name: 'Keman', courseExplanation: 'Bireysel' });
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('lets concurrent edits of one course all succeed by deciding again after a conflict', async () => {
    const add = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Viyola', courseExplanation: 'Bireysel' });
    const names = ['Viyola A', 'Viyola B', 'Viyola C'];
    const answers = await Promise.all(
      names.map((name) =>
        request(t.http)
          .post(`${base(owner)}/editCourse`)
          .set(owner.auth)
          .send({ id: add.body.id, name, courseExplanation: 'Bireysel' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Read as the API reads, under row-level security: within the organisation.
    const stream = await withOrganization(owner.organizationId, () =>
      t.server.runtime.persistence.store.readStream(`course-${add.body.id}`),
    );
    expect(stream.map((e) => e.type)).toEqual([
      'CourseAdded',
      'CourseEdited',
      'CourseEdited',
      'CourseEdited',
    ]);
  });

  it('keeps tenants apart: public fields only or 403 on another organisation, 404 on its course ids', async () => {
    const mine = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(owner.auth);
    // product.md 3 Public data: courses are readable by everyone, as a visitor sees them.
    const theirs = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set(other.auth);
    expect(theirs.status).toBe(200);
    expect(theirs.body.length).toBeGreaterThan(0);
    expect(
      theirs.body.every((c: Record<string, unknown>) => !('createdBy' in c) && !('deletedAt' in c)),
    ).toBe(true);
    const write = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(other.auth)
      .send({ name: 'x', courseExplanation: 'y' });
    expect(write.status).toBe(403);
    const foreignId = mine.body[0].id;
    const edit = await request(t.http)
      .post(`${base(other)}/deleteCourse`)
      .set(other.auth)
      .send({ id: foreignId });
    expect(edit.status).toBe(404);
    const logs = await request(t.http)
      .post(`${base(owner)}/requestOrgLogs`)
      .set(other.auth)
      .send({});
    expect(logs.status).toBe(403);
  });

  it('refuses calls without a valid token; a signed-out visitor reads the public course list', async () => {
    const visitor = await request(t.http).get(`${base(owner)}/getCourses`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.map((c: { name: string }) => c.name)).toContain('Piyano');
    expect(visitor.body[0]).not.toHaveProperty('editedBy');
    const r = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .send({ name: 'x', courseExplanation: 'y' });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe('Oturum açmanız gerekiyor.');
    const forged = await request(t.http)
      .get(`${base(owner)}/getCourses`)
      .set({ Authorization: 'Bearer abc.def.ghi' });
    expect(forged.status).toBe(401);
  });

  it('keeps the list until the next write: 304 on its ETag, the new course at once, visitors apart', async () => {
    const list = () =>
      request(t.http)
        .get(`${base(owner)}/getCourses`)
        .set(owner.auth);
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBeTruthy();
    const again = await list().set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    // a visitor's kept list is its own: public fields only, even right after a member's read
    const visitor = await request(t.http).get(`${base(owner)}/getCourses`);
    expect(visitor.body[0]).not.toHaveProperty('editedBy');
    expect(first.body[0]).toHaveProperty('editedBy');
    const added = await request(t.http)
      .post(`${base(owner)}/addCourse`)
      .set(owner.auth)
      .send({ name: 'Bateri', courseExplanation: 'Yeni' });
    expect(added.status).toBe(200);
    const after = await list().set('If-None-Match', first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.body.map((c: { name: string }) => c.name)).toContain('Bateri');
    expect(
      (await request(t.http).get(`${base(owner)}/getCourses`)).body.map((c: { name: string }) => c.name),
    ).toContain('Bateri');
  });

  it('answers an unknown API path with a Turkish 404', async () => {
    const r = await request(t.http).get('/api/v1/nope').set(owner.auth);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'İstenen adres bulunamadı.', code: 'common.routeNotFound' });
  });
});
