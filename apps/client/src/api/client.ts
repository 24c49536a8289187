import type { TokenStore } from './token-store';

/**
 * The API client of api.md 7.1. It never throws: every call answers an `ApiResult`, with a network
 * failure or a non-JSON answer turned into a failure that keeps the cause and the status. Query and
 * mutation functions turn a failure into an `ApiError` with `unwrap`, so TanStack Query sees errors.
 */

export const API_BASE = '/api/v1';

export type ApiSuccess<T> = { ok: true; data: T; status: number; headers: Headers };
/** What a refusal names beyond its text (api: `{ error, code, details? }`), e.g. `{ studentIds: [...] }`. */
export type ApiErrorDetails = Record<string, unknown>;

/**
 * `status` is 0 when no answer came (network error); `cause` holds that error. `code` is the server's stable
 * catalogue key and `details` what the client must act on; both are absent when the server sent none.
 */
export type ApiFailure = {
  ok: false;
  error: string;
  status: number;
  code?: string;
  details?: ApiErrorDetails;
  cause?: unknown;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ApiErrorDetails | undefined;
  constructor(
    message: string,
    status: number,
    options?: { cause?: unknown; code?: string; details?: ApiErrorDetails },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = options?.code;
    this.details = options?.details;
  }
}

/** The data of a successful answer, or an `ApiError` carrying the server's text, code, details and status. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiError(result.error, result.status, {
    cause: result.cause,
    code: result.code,
    details: result.details,
  });
}

/** The refusal's code and details when `error` is the server's refusal with that code, else null. */
export function refusal(error: unknown, code: string): ApiErrorDetails | null {
  if (!(error instanceof ApiError) || error.code !== code) return null;
  return error.details ?? {};
}

/** The strings of a details list (e.g. `studentIds`, `destinations`); empty when absent or not a list. */
export function detailList(details: ApiErrorDetails | null | undefined, key: string): string[] {
  const v = details?.[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The Turkish text to show for any error: the server's `error` for ApiError, else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

export type HttpMethod = 'GET' | 'POST';

export interface RequestOptions {
  body?: unknown;
  /** api.md 7.2 "no auth": no bearer token is sent and a 401 is the answer itself (no refresh). */
  noAuth?: boolean;
  /** api.md 7.1: answers are JSON unless a blob (file download) or html/text is stated. */
  responseType?: 'json' | 'text' | 'blob';
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  fetch: typeof fetch;
  tokens: TokenStore;
  /** The client headers of api.md 7.1 (session id, user agent, platform, mobile flag, browser, version). */
  headers: () => Record<string, string>;
  /** The text of a failure with no answer (the catalogue's 'Bağlantı hatası'). */
  connectionErrorText: string;
  baseUrl?: string;
  /**
   * A key per write, sent as Idempotency-Key: the retry after a refresh repeats the same key, so the
   * server never applies one user action twice.
   */
  newIdempotencyKey?: () => string;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<ApiResult<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<ApiResult<T>>;
  /** POST /refresh once (shared by concurrent callers); the new access token, or null. */
  refresh(): Promise<string | null>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

async function readAnswer<T>(
  res: Response,
  responseType: RequestOptions['responseType'],
): Promise<ApiResult<T>> {
  const status = res.status;
  if (res.ok && responseType === 'blob')
    return { ok: true, data: (await res.blob()) as T, status, headers: res.headers };
  let text: string;
  try {
    text = await res.text();
  } catch (cause) {
    return { ok: false, error: res.statusText || `HTTP ${status}`, status, cause };
  }
  if (res.ok && responseType === 'text') return { ok: true, data: text as T, status, headers: res.headers };
  let body: unknown = null;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      // api.md 7.1: a non-JSON answer is returned as the error text plus the status.
      return { ok: false, error: text, status };
    }
  }
  // api.md 7.1: errors are read from an error field in the response body.
  const serverError =
    isObject(body) && typeof body.error === 'string' && body.error !== '' ? body.error : null;
  if (!res.ok || serverError !== null) {
    const failure: ApiFailure = {
      ok: false,
      error: serverError ?? (res.statusText || `HTTP ${status}`),
      status,
    };
    // The error contract: `code` is the catalogue key to branch on, `details` names who or what (never parse
    // the Turkish text for it).
    if (isObject(body) && typeof body.code === 'string') failure.code = body.code;
    if (isObject(body) && isObject(body.details) && !Array.isArray(body.details))
      failure.details = body.details;
    return failure;
  }
  return { ok: true, data: body as T, status, headers: res.headers };
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const base = config.baseUrl ?? API_BASE;
  let refreshing: Promise<string | null> | null = null;

  async function send<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions,
    token: string | null,
    idempotencyKey: string | undefined,
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...config.headers() };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) body = options.body;
      else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await config.fetch(`${base}${path}`, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      // api.md 7.1: a network error is returned to the caller as an object that holds the error.
      return { ok: false, error: config.connectionErrorText, status: 0, cause };
    }
    return readAnswer<T>(res, options.responseType ?? 'json');
  }

  function refresh(): Promise<string | null> {
    // One refresh for every request that met the same 401: refresh tokens rotate, and presenting a used
    // one twice revokes the session (a replayed token is taken as stolen), so concurrent refreshes must not happen.
    refreshing ??= (async () => {
      const r = await send<{ accessToken?: unknown; access_token?: unknown }>(
        'POST',
        '/refresh',
        { noAuth: true },
        null,
        undefined,
      );
      const token = r.ok && isObject(r.data) ? (r.data.accessToken ?? r.data.access_token) : null;
      if (typeof token === 'string' && token !== '') {
        config.tokens.set(token);
        return token;
      }
      // A refusal (4xx) means the session is over; a network failure or a 5xx leaves the token for a later try.
      if (!r.ok && r.status >= 400 && r.status < 500) config.tokens.clear();
      return null;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const idempotencyKey = method === 'POST' ? config.newIdempotencyKey?.() : undefined;
    const token = options.noAuth ? null : config.tokens.get();
    const first = await send<T>(method, path, options, token, idempotencyKey);
    if (first.ok || first.status !== 401 || options.noAuth) return first;
    // api.md 7.1 / product.md 4 Session: on 401 refresh once and repeat once; a failed refresh means no retry.
    // A token that changed while this request was out was already refreshed by another caller.
    const current = config.tokens.get();
    const next = current && current !== token ? current : await refresh();
    if (!next) return first;
    return send<T>(method, path, options, next, idempotencyKey);
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    refresh,
  };
}
