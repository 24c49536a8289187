import express from 'express';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexRoutes, type RouterLayer } from './route-index';

/** Route paths as Nest registers them, and shapes the index must leave alone or get right. */
const PATTERNS = [
  '/api/v1/orgs/:orgID/getCourses',
  '/api/v1/orgs/:orgID/getStudents',
  '/api/v1/orgs/:orgID/getStudent/:id',
  '/api/v1/health',
  '/api/v1/getStudents',
  '/api/v1/orgs/:orgID/get-students_2',
  '/api/v1/orgs/:orgID/{getCourses}',
  '/api/v1/files/*path',
  '/api/v1/files/*path/getCourses',
  '/:orgID',
  '/',
];

const SEGMENTS = [
  'api',
  'API',
  'v1',
  'orgs',
  'Orgs',
  '3f1c2a9e-0b1d-4c3e-9f00-1234567890ab',
  'getCourses',
  'GETCOURSES',
  'getcourses',
  'getCourse',
  'getCourses.json',
  'getCourse%73',
  'getStudents',
  'getStudent',
  'get-students_2',
  'GET-STUDENTS_2',
  'health',
  'files',
  '%61pi',
  'ſ',
  'K',
  '',
];

const segment = fc.constantFrom(...SEGMENTS);
const cased = (text: string, c: number) =>
  c === 1 ? text.toUpperCase() : c === 2 ? text.toLowerCase() : text;

/** A route's pattern filled in (parameters, wildcards), each segment's case changed or not, a trailing slash. */
const near = fc
  .tuple(
    fc.constantFrom(...PATTERNS),
    fc.array(fc.tuple(segment, fc.integer({ min: 0, max: 2 })), { minLength: 8, maxLength: 8 }),
    fc.constantFrom('', '/', '//'),
  )
  .map(([pattern, fills, end]) => {
    const parts = pattern
      .split('/')
      .map((part, i) =>
        part.startsWith(':') || part.startsWith('*')
          ? fills[i][0]
          : cased(part.replace(/[{}]/g, ''), fills[i][1]),
      );
    return `${parts.join('/')}${end}`;
  });

/** Any path of the segments above. */
const any = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 6 }), fc.constantFrom('', '/', '//'))
  .map(([segments, end]) => `/${segments.join('/')}${end}`);

const paths = fc.oneof(near, any);

/** Two routers with the same routes, one indexed. */
function routers(options: { caseSensitive?: boolean; strict?: boolean }) {
  const plain = express.Router(options);
  const indexed = express.Router(options);
  for (const p of PATTERNS) {
    plain.route(p).get(() => undefined);
    indexed.route(p).get(() => undefined);
  }
  const count = indexRoutes(indexed.stack as unknown as RouterLayer[]);
  return {
    plain: plain.stack as unknown as RouterLayer[],
    indexed: indexed.stack as unknown as RouterLayer[],
    count,
  };
}

describe('the route index', () => {
  it('indexes the routes that end in a literal segment, and no other', () => {
    // Not those ending in a parameter, a group or a wildcard, nor the root.
    expect(routers({}).count).toBe(6);
  });

  for (const options of [
    {},
    { caseSensitive: true },
    { strict: true },
    { caseSensitive: true, strict: true },
  ]) {
    it(`turns down exactly the paths each route's pattern turns down (${JSON.stringify(options)})`, () => {
      const { plain, indexed } = routers(options);
      fc.assert(
        fc.property(paths, (path) => {
          for (let i = 0; i < plain.length; i++) {
            expect(indexed[i].match(path)).toEqual(plain[i].match(path));
          }
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('answers a path asked again after another one anew (the last path is remembered, not the first)', () => {
    const { indexed } = routers({});
    const courses = indexed[0];
    expect(courses.match('/api/v1/orgs/x/getCourses')).toBeTruthy();
    expect(courses.match('/api/v1/orgs/x/getStudents')).toBe(false);
    expect(courses.match('/api/v1/orgs/x/getCourses/')).toBeTruthy();
  });
});
