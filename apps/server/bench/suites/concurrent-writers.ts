import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { addCourse, orgApi, studentBody, tcknSource } from '../../test/support/school-fixtures';
import { signUpOwner, startTestServer } from '../../test/support/test-server';
import type { BenchContext } from '../support/context';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 50);

/**
 * Independent commands of one organisation at once, through the whole server: WRITERS students registered
 * together (they share the registration year's number counter) and WRITERS attendances recorded together
 * (they share the month's code counter). Neither kind touches what the other copies do, so none may be
 * answered 409: the figure to watch is `conflicts` (0).
 */
export async function run(ctx: BenchContext): Promise<Record<string, unknown>> {
  const t = await startTestServer();
  try {
    const owner = await signUpOwner(t.http);
    const api = orgApi(t, owner);
    const tckn = tcknSource(4242);
    const courseId = await addCourse(t, owner, 'Yük Testi');

    const wave = async (name: string, send: (i: number) => request.Test) => {
      ctx.log(`${WRITERS} × ${name} at once`);
      const t0 = performance.now();
      const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => send(i)));
      const ms = performance.now() - t0;
      const statuses: Record<string, number> = {};
      for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      return {
        writers: WRITERS,
        ok: statuses['200'] ?? 0,
        conflicts: statuses['409'] ?? 0,
        statuses,
        wallMs: Math.round(ms),
        answers,
      };
    };

    const register = await wave('registerStudent', () =>
      api.post('registerStudent', studentBody(tckn(), { regD: 1, regM: 1, regY: 2025 })),
    );
    const numbers = new Set(register.answers.map((a) => a.body.studentNumber));
    const studentId = register.answers.find((a) => a.status === 200)?.body.id as string;
    const enrolled = await api.post('addEnrollment', {
      studentId,
      courseId,
      price: 100,
      startDate: '2025-02-01',
    });
    if (enrolled.status !== 200)
      throw new Error(`addEnrollment: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
    const attend = await wave('addAttendance', (i) =>
      api.post('addAttendance', {
        courseId,
        attendants: [studentId],
        day: 1 + (i % 28),
        month: 3,
        year: 2025,
        hour: 8 + Math.floor(i / 28),
        minute: 0,
      }),
    );
    const codes = new Set(attend.answers.map((a) => a.body.code));
    const strip = ({ answers: _answers, ...rest }: typeof register) => rest;
    return {
      registerStudent: { ...strip(register), distinctNumbers: numbers.size },
      addAttendance: { ...strip(attend), distinctCodes: codes.size },
      conflicts: register.conflicts + attend.conflicts,
    };
  } finally {
    await t.close();
  }
}
