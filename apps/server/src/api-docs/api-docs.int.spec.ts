import { Controller, Post } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/test-server';
import { openApiDocument, registeredRoutes } from '../infra/http/api-doc';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** What Express will actually answer: every route Nest mounted, as `METHOD /path/{param}`. */
function expressRoutes(): string[] {
  const app = t.server.app.getHttpAdapter().getInstance() as { router: { stack: Layer[] } };
  return app.router.stack
    .filter((l) => l.route)
    .flatMap((l) =>
      Object.keys(l.route!.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${l.route!.path.replace(/:(\w+)/g, '{$1}')}`),
    );
}

type Doc = { paths: Record<string, Record<string, Record<string, unknown>>> };

/** Routes the document lacks, and POST routes it lists without a body schema. */
function gaps(doc: Doc, routes: string[]): string[] {
  return routes.flatMap((r) => {
    const [method, path] = r.split(' ');
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return [`missing: ${r}`];
    return method === 'POST' && !op.requestBody ? [`no body: ${r}`] : [];
  });
}

describe('GET /api/v1/openapi.json', () => {
  it('describes every route the server answers, with a body schema for every POST', async () => {
    const res = await request(t.http).get('/api/v1/openapi.json').expect(200);
    const doc = res.body as Doc & { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    const routes = expressRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(gaps(doc, routes)).toEqual([]);
    // Every success is described: a JSON schema, or the media of a page or redirect.
    const withoutAnswer = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => {
          const responses = op.responses as Record<string, { content?: Record<string, { schema?: object }> }>;
          const success = Object.entries(responses).filter(([status]) => /^[23]/.test(status));
          return !success.some(([status, r]) => {
            const json = r.content?.['application/json'];
            return (
              status.startsWith('3') || (r.content && !json) || Object.keys(json?.schema ?? {}).length > 0
            );
          });
        })
        .map(([method]) => `${method} ${path}`),
    );
    expect(withoutAnswer).toEqual([]);
  });

  it('names the minimum role, the body fields and the error codes of a route', async () => {
    const doc = (await request(t.http).get('/api/v1/openapi.json').expect(200)).body as Doc;
    const add = doc.paths['/api/v1/orgs/{orgID}/addPayment'].post as {
      'x-min-role': string;
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      responses: Record<string, { 'x-error-codes'?: string[] }>;
    };
    expect(add['x-min-role']).toBe('school-admin');
    expect(Object.keys(add.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['studentId', 'courseId', 'amount']),
    );
    expect(add.responses['403']['x-error-codes']).toContain('auth.forbidden');
    expect(add.responses['402']['x-error-codes']).toContain('org.membershipInactive');
    expect(add.responses['400']['x-error-codes']).toContain('common.badRequest');
    expect(doc.paths['/api/v1/login'].post['x-min-role']).toBe('public');
  });

  it('flags a POST route that declares no body: the check above can fail', () => {
    @Controller('api/v1/orgs/:orgID')
    class UndocumentedController {
      @Post('somethingNew')
      somethingNew() {
        return {};
      }
    }
    const withExtra = new Map(t.server.app.get(ModulesContainer));
    withExtra.set('extra', { controllers: new Map([['x', { metatype: UndocumentedController }]]) } as never);
    const doc = openApiDocument(registeredRoutes(withExtra as ModulesContainer)) as unknown as Doc;
    const routes = [
      ...expressRoutes(),
      'POST /api/v1/orgs/{orgID}/somethingNew',
      'GET /api/v1/orgs/{orgID}/unknown',
    ];
    expect(gaps(doc, routes)).toEqual([
      'no body: POST /api/v1/orgs/{orgID}/somethingNew',
      'missing: GET /api/v1/orgs/{orgID}/unknown',
    ]);
  });
});

describe('GET /api/docs', () => {
  it('serves the docs page and its scripts from the installed package', async () => {
    const page = await request(t.http).get('/api/docs').expect(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const js = await request(t.http).get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
    expect(js.text.length).toBeGreaterThan(100_000);
    await request(t.http).get('/api/docs/assets/init.js').expect(200);
    await request(t.http).get('/api/docs/assets/..%2Fpackage.json').expect(404);
  });
});
