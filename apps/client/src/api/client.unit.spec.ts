import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, detailList, refusal, unwrap, type ApiClientConfig } from './client';
import { createTokenStore, memoryStorage } from './token-store';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

type Responder = (call: Call) => Response | Promise<Response> | Error;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records every call and answers from the responders in turn (the last one repeats). */
function fakeFetch(...responders: Responder[]) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const responder = responders[Math.min(calls.length - 1, responders.length - 1)];
    const answer = await responder(call);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function setup(fetch: typeof globalThis.fetch, token: string | null = 'old-token') {
  const tokens = createTokenStore(memoryStorage(token ? { access_token: token } : {}));
  let key = 0;
  const config: ApiClientConfig = {
    fetch,
    tokens,
    connectionErrorText: 'Bağlantı hatası',
    headers: () => ({ 'x-session-id': 'sid-1', 'x-client-version': '1.0.0' }),
    newIdempotencyKey: () => `key-${++key}`,
  };
  return { api: createApiClient(config), tokens };
}

/** Answers by path: refresh answers come from `refresh`, everything else from `other`. */
const byPath =
  (refresh: Responder, other: Responder): Responder =>
  (call) =>
    call.url.endsWith('/refresh') ? refresh(call) : other(call);

describe('api client (api.md 7.1)', () => {
  it('sends credentials, client headers and the bearer token; a JSON content type only with a body', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { id: 1 }));
    const { api } = setup(fetch);
    const got = await api.get<{ id: number }>('/getProfile');
    await api.post('/orgs/o1/addCourse', { name: 'Resim' });

    expect(got).toMatchObject({ ok: true, data: { id: 1 }, status: 200 });
    expect(calls[0]).toMatchObject({
      url: '/api/v1/getProfile',
      method: 'GET',
      credentials: 'include',
      body: undefined,
    });
    expect(calls[0].headers).toMatchObject({
      authorization: 'Bearer old-token',
      'x-session-id': 'sid-1',
      'x-client-version': '1.0.0',
    });
    expect(calls[0].headers['content-type']).toBeUndefined();
    expect(calls[1].headers['content-type']).toBe('application/json');
    expect(JSON.parse(calls[1].body!)).toEqual({ name: 'Resim' });
  });

  it('sends no bearer token on a no-auth call and does not refresh on its 401', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { error: 'E-posta adresi veya şifre hatalı.' }));
    const { api, tokens } = setup(fetch);
    const r = await api.post('/login', { email: 'a@b.co', password: 'x' }, { noAuth: true });

    expect(r).toEqual({ ok: false, error: 'E-posta adresi veya şifre hatalı.', status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(tokens.get()).toBe('old-token');
  });

  it('on 401 refreshes once, stores the new token and repeats the request once with it', async () => {
    let served = 0;
    const { fetch, calls } = fakeFetch(
      byPath(
        () => json(200, { accessToken: 'new-token' }),
        (call) =>
          call.headers.authorization === 'Bearer new-token'
            ? json(200, { id: ++served })
            : json(401, { error: 'Oturum açmanız gerekiyor.' }),
      ),
    );
    const { api, tokens } = setup(fetch);
    const r = await api.post('/orgs/o1/addCourse', { name: 'Resim' });

    expect(r).toMatchObject({ ok: true, data: { id: 1 } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/orgs/o1/addCourse',
      '/api/v1/refresh',
      '/api/v1/orgs/o1/addCourse',
    ]);
    expect(calls[1].headers.authorization).toBeUndefined();
    expect(calls[1].credentials).toBe('include');
    expect(tokens.get()).toBe('new-token');
    // the repeat is the same user action: same idempotency key
    expect(calls[2].headers['idempotency-key']).toBe(calls[0].headers['idempotency-key']);
    expect(calls[2].body).toBe(calls[0].body);
  });

  it('does not retry when the refresh fails, and ends the session on a refused refresh', async () => {
    const { fetch, calls } = fakeFetch(
      byPath(
        () => json(401, { error: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.' }),
        () => json(401, { error: 'Oturum açmanız gerekiyor.' }),
      ),
    );
    const { api, tokens } = setup(fetch);
    const r = await api.get('/getProfile');

    expect(r).toEqual({ ok: false, error: 'Oturum açmanız gerekiyor.', status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/getProfile', '/api/v1/refresh']);
    expect(tokens.get()).toBeNull();
  });

  it('keeps the token when the refresh could not reach the server', async () => {
    const { fetch } = fakeFetch(
      byPath(
        () => new TypeError('Failed to fetch'),
        () => json(401, { error: 'Oturum açmanız gerekiyor.' }),
      ),
    );
    const { api, tokens } = setup(fetch);
    const r = await api.get('/getProfile');
    expect(r.ok).toBe(false);
    expect(tokens.get()).toBe('old-token');
  });

  it('repeats only once: a second 401 after the refresh is the answer', async () => {
    const { fetch, calls } = fakeFetch(
      byPath(
        () => json(200, { accessToken: 'new-token' }),
        () => json(401, { error: 'Oturum açmanız gerekiyor.' }),
      ),
    );
    const { api } = setup(fetch);
    const r = await api.get('/getOrganizations');
    expect(r).toMatchObject({ ok: false, status: 401 });
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('shares one refresh between requests that meet a 401 at the same time', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fetch, calls } = fakeFetch(
      byPath(
        async () => {
          await gate;
          return json(200, { accessToken: 'new-token' });
        },
        (call) =>
          call.headers.authorization === 'Bearer new-token'
            ? json(200, { url: call.url })
            : json(401, { error: 'x' }),
      ),
    );
    const { api } = setup(fetch);
    const pending = [api.get('/a'), api.get('/b'), api.get('/c')];
    await new Promise((r) => setTimeout(r, 10));
    release();
    const results = await Promise.all(pending);

    expect(results.every((r) => r.ok)).toBe(true);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
  });

  it('repeats with the token another request already refreshed, without refreshing again', async () => {
    const tokens = createTokenStore(memoryStorage({ access_token: 'old-token' }));
    const { fetch, calls } = fakeFetch((call) => {
      if (call.headers.authorization === 'Bearer fresh') return json(200, { id: 1 });
      tokens.set('fresh'); // another request refreshed while this one was out
      return json(401, { error: 'Oturum açmanız gerekiyor.' });
    });
    const api = createApiClient({
      fetch,
      tokens,
      connectionErrorText: 'Bağlantı hatası',
      headers: () => ({}),
    });
    const r = await api.get('/getProfile');

    expect(r.ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/getProfile', '/api/v1/getProfile']);
  });

  it('returns a network error as a failure holding the error', async () => {
    const cause = new TypeError('Failed to fetch');
    const { fetch } = fakeFetch(() => cause);
    const { api } = setup(fetch);
    const r = await api.get('/getCourses');
    expect(r).toEqual({ ok: false, error: 'Bağlantı hatası', status: 0, cause });
  });

  it('returns a non-JSON answer as the error text plus the status', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const { api } = setup(fetch);
    expect(await api.get('/getCourses')).toEqual({
      ok: false,
      error: '<html>Bad Gateway</html>',
      status: 502,
    });
  });

  it('reads errors from the error field, even on a 2xx answer', async () => {
    const { fetch } = fakeFetch(
      () => json(400, { error: 'kurs adı eksik' }),
      () => json(200, { error: 'Kurum bulunamadı.' }),
      () => json(500, { message: 'boom' }),
    );
    const { api } = setup(fetch);
    expect(await api.post('/x', {})).toEqual({ ok: false, error: 'kurs adı eksik', status: 400 });
    expect(await api.post('/x', {})).toEqual({ ok: false, error: 'Kurum bulunamadı.', status: 200 });
    expect(await api.post('/x', {})).toMatchObject({ ok: false, status: 500 });
  });

  it('accepts an empty successful answer and reads text and blob answers when asked', async () => {
    const { fetch } = fakeFetch(
      () => new Response(null, { status: 204 }),
      () => new Response('<html>pay</html>', { status: 200 }),
      () => new Response('zipdata', { status: 200 }),
    );
    const { api } = setup(fetch);
    expect(await api.post('/logout', {})).toMatchObject({ ok: true, data: null, status: 204 });
    expect(await api.post('/payment/mock/initiate', {}, { responseType: 'text' })).toMatchObject({
      ok: true,
      data: '<html>pay</html>',
    });
    const blob = await api.post<Blob>('/requestbk', {}, { responseType: 'blob' });
    expect(blob.ok && (await blob.data.text())).toBe('zipdata');
  });

  it('unwrap gives the data or throws an ApiError with the server text and status', () => {
    const headers = new Headers();
    expect(unwrap({ ok: true, data: 5, status: 200, headers })).toBe(5);
    try {
      unwrap({ ok: false, error: 'Bu işlem için yetkiniz yok.', status: 403 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ message: 'Bu işlem için yetkiniz yok.', status: 403 });
    }
  });

  it('carries the code and details of a refusal through unwrap to the ApiError', async () => {
    const { fetch } = fakeFetch(
      () =>
        json(400, {
          error: 'Bu tarihte kursa aktif kaydı olmayan öğrenciler: 25001 Ali Veli',
          code: 'attendance.noEnrollment',
          details: { studentIds: ['s-1', 's-2'] },
        }),
      () => json(404, { error: 'Kurum bulunamadı.', code: 'organization.notFound', details: ['x'] }),
    );
    const { api } = setup(fetch);
    const first = await api.post('/addAttendance', {});
    expect(first).toEqual({
      ok: false,
      error: 'Bu tarihte kursa aktif kaydı olmayan öğrenciler: 25001 Ali Veli',
      status: 400,
      code: 'attendance.noEnrollment',
      details: { studentIds: ['s-1', 's-2'] },
    });
    let thrown: unknown;
    try {
      unwrap(first);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ status: 400, code: 'attendance.noEnrollment' });
    expect(detailList(refusal(thrown, 'attendance.noEnrollment'), 'studentIds')).toEqual(['s-1', 's-2']);
    expect(refusal(thrown, 'sms.noConsent')).toBeNull();
    expect(refusal(new Error('x'), 'attendance.noEnrollment')).toBeNull();
    // details that are not an object are not passed on
    expect(await api.post('/x', {})).toEqual({
      ok: false,
      error: 'Kurum bulunamadı.',
      status: 404,
      code: 'organization.notFound',
    });
  });
});
