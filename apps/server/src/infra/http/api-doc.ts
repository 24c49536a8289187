import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod, type Type } from '@nestjs/common';
import type { ModulesContainer } from '@nestjs/core';
import { MESSAGES, ROLES, ROLE_NAMES, errorAnswerSchema, type MessageKey } from '@okul/domain';
import { z } from 'zod';
import { ACCOUNT_CALL_KEY, MIN_ROLE_KEY, PUBLIC_KEY, SKIP_ORG_GATING_KEY } from '../../auth/decorators';

/**
 * The API described once: each route carries its request and answer schemas (the zod schemas of
 * libs/domain) beside its @MinRole, and the OpenAPI document is built from the routes Nest registered.
 */
export const API_DOC_KEY = 'okul:apiDoc';

export interface RouteDoc {
  summary?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  answer?: z.ZodType;
  /** A non-JSON answer (an html page, a redirect): its media type and what it is. */
  answerMedia?: { type: string; description: string };
  errors?: MessageKey[];
}

function addDoc(patch: RouteDoc): MethodDecorator {
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const prev = (Reflect.getMetadata(API_DOC_KEY, handler) as RouteDoc | undefined) ?? {};
    const errors = [...(prev.errors ?? []), ...(patch.errors ?? [])];
    Reflect.defineMetadata(API_DOC_KEY, { ...prev, ...patch, errors }, handler);
    return descriptor;
  };
}

/** The request body, parsed with this schema (`parseBody`). Every POST declares one. */
export const ApiBody = (schema: z.ZodType) => addDoc({ body: schema });
/** The query string, parsed with this schema. */
export const ApiQuery = (schema: z.ZodType) => addDoc({ query: schema });
/** The JSON answer of a success; `summary` is the line the docs page shows for the route. */
export const ApiAnswer = (schema: z.ZodType, summary?: string) => addDoc({ answer: schema, summary });
/** A success that is not JSON (an html page, a redirect). */
export const ApiAnswerMedia = (type: string, description: string) =>
  addDoc({ answerMedia: { type, description } });
/** The refusals of this use case beyond those every route of its kind can give (auth, validation). */
export const ApiErrors = (...codes: MessageKey[]) => addDoc({ errors: codes });

export interface DocumentedRoute {
  method: string;
  /** Express style, as registered: /api/v1/orgs/:orgID/addPayment */
  path: string;
  handler: string;
  doc: RouteDoc;
  isPublic: boolean;
  accountCall: boolean;
  skipOrgGating: boolean;
  minRole: number | null;
  status: number;
}

const METHOD_NAMES: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.HEAD]: 'head',
  [RequestMethod.OPTIONS]: 'options',
};

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

function meta<T>(key: string, handler: object, cls: object): T | undefined {
  const own = Reflect.getMetadata(key, handler) as T | undefined;
  return own !== undefined ? own : (Reflect.getMetadata(key, cls) as T | undefined);
}

/** Every route of every controller Nest holds, with the metadata the guard and the docs read. */
export function registeredRoutes(modules: ModulesContainer): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  const seen = new Set<Type>();
  for (const mod of modules.values()) {
    for (const wrapper of mod.controllers.values()) {
      const cls = wrapper.metatype as Type | null;
      if (!cls || seen.has(cls)) continue;
      seen.add(cls);
      const prefixes = [Reflect.getMetadata(PATH_METADATA, cls) ?? ''].flat() as string[];
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        if (name === 'constructor') continue;
        const handler = Object.getOwnPropertyDescriptor(cls.prototype, name)?.value as object | undefined;
        if (typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] ?? 'get';
        for (const prefix of prefixes) {
          for (const p of [paths].flat()) {
            routes.push({
              method,
              path: joinPath(prefix, p),
              handler: `${cls.name}.${name}`,
              doc: (Reflect.getMetadata(API_DOC_KEY, handler) as RouteDoc | undefined) ?? {},
              isPublic: meta<boolean>(PUBLIC_KEY, handler, cls) === true,
              accountCall: meta<boolean>(ACCOUNT_CALL_KEY, handler, cls) === true,
              skipOrgGating: meta<boolean>(SKIP_ORG_GATING_KEY, handler, cls) === true,
              minRole: meta<number>(MIN_ROLE_KEY, handler, cls) ?? null,
              status:
                (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
                (method === 'post' ? 201 : 200),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The refusals a route can give by its kind (guard and body parsing), then its own. */
export function routeErrors(r: DocumentedRoute): MessageKey[] {
  const codes: MessageKey[] = [];
  if (r.doc.body || r.doc.query) codes.push('common.badRequest', 'common.unknownField');
  if (!r.isPublic) {
    codes.push('auth.unauthorized');
    if (!r.accountCall) codes.push('auth.emailNotVerified');
    if (r.path.includes(':orgID')) {
      codes.push('auth.forbidden');
      if (r.method !== 'get' && !r.skipOrgGating) codes.push('org.deactivated', 'org.membershipInactive');
    }
  }
  for (const c of r.doc.errors ?? []) if (!codes.includes(c)) codes.push(c);
  return codes;
}

const roleName = (id: number) => ROLE_NAMES[id] ?? String(id);

/** The minimum role a route needs: the guard's default for org-scoped routes is school-student. */
export function effectiveMinRole(r: DocumentedRoute): string {
  if (r.isPublic) return 'public';
  if (r.path.includes(':orgID')) return roleName(r.minRole ?? ROLES.schoolStudent);
  return r.accountCall ? 'signed-in (e-mail may be unverified)' : 'signed-in';
}

function operation(r: DocumentedRoute) {
  const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (r.doc.query) {
    const q = jsonSchema(r.doc.query, 'input');
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, JsonSchema>) ?? {})) {
      params.push({ name, in: 'query', required: required.has(name), schema: schema as { type: string } });
    }
  }
  const responses: Record<string, unknown> = {};
  const media = r.doc.answerMedia;
  responses[String(media?.type === 'redirect' ? 303 : r.status)] = media
    ? {
        description: media.description,
        ...(media.type === 'redirect' ? {} : { content: { [media.type]: {} } }),
      }
    : {
        description: r.doc.summary ?? 'OK',
        content: { 'application/json': { schema: r.doc.answer ? jsonSchema(r.doc.answer, 'output') : {} } },
      };
  const byStatus = new Map<number, MessageKey[]>();
  for (const code of routeErrors(r)) {
    const status = MESSAGES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${MESSAGES[c].text}`).join('\n\n'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
      'x-error-codes': codes,
    };
  }
  const minRole = effectiveMinRole(r);
  return {
    operationId: r.handler.replace('.', '_'),
    summary:
      r.doc.summary ??
      r.path
        .split('/')
        .filter((p) => p && !p.startsWith(':'))
        .pop(),
    description: `Minimum role: **${minRole}**.`,
    tags: [r.handler.split('.')[0].replace(/Controller$/, '')],
    'x-min-role': minRole,
    ...(r.isPublic ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(r.doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(r.doc.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

/** OpenAPI 3.1 of every registered route: its minimum role, its body, its answers and its error codes. */
export function openApiDocument(routes: DocumentedRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const key = r.path.replace(/:(\w+)/g, '{$1}');
    paths[key] = { ...paths[key], [r.method]: operation(r) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Okul API',
      version: '1',
      description:
        'Every refusal answers `{ error, code, details? }`: `error` is the Turkish text to show, `code` a stable key, ' +
        '`details` what a client acts on. Org-scoped routes take the organisation id in the path.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorAnswer: jsonSchema(errorAnswerSchema, 'output') },
    },
    paths,
  };
}
