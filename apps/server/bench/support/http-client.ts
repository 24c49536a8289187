import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  bytes: number;
  head: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A plain keep-alive HTTP client that counts the body's bytes without keeping them: the measuring side must
 * cost far less than the server it measures (fetch spends more CPU on a 4 MB body than the server does).
 */
export function httpClient(baseUrl: string, token: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  const call = (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            authorization: `Bearer ${token}`,
            ...extraHeaders,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let bytes = 0;
          let head = '';
          res.on('data', (chunk: Buffer) => {
            if (head.length < 200) head += chunk.subarray(0, 200).toString('utf8');
            bytes += chunk.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  /** A request to send again and again (the same path, body and headers). */
  const send =
    (method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders?: Record<string, string>) => () =>
      call(method, path, body, extraHeaders);
  return { call, send, close: () => agent.destroy() };
}
