import { randomUUID } from 'node:crypto';
import {
  planStudentRegistration,
  registerStudentSchema,
  studentDecider,
  studentNumberDecider,
  studentRegistrationStreams,
  tcknReservationDecider,
} from '@okul/domain';
import { CommandExecutor } from '../../src/infra/command-executor';
import type { SignedIn, TestServer } from './test-server';

/**
 * A student as the server registered it before TCKN reservations were named by a keyed hash: the same
 * events, with the reservation in the clear-named stream `student-tckn-<org>-<tckn>`. Lets tests prove
 * such old reservations still hold their TCKN.
 */
export async function registerBeforeKeyedTckn(
  t: TestServer,
  owner: SignedIn,
  studentId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; studentNumber: number }> {
  const executor = t.server.app.get(CommandExecutor);
  const tcknRef = t.server.runtime.persistence.dataKeys.tcknRef;
  const input = registerStudentSchema.parse(body);
  const organizationId = owner.organizationId;
  const ctx = {
    organizationId,
    userId: owner.userId,
    ipAddress: null,
    userAgent: null,
    correlationId: randomUUID(),
    idempotencyKey: null,
    now: new Date(),
  };
  let studentNumber = 0;
  await executor.executeMany(ctx, async () => {
    const streams = studentRegistrationStreams({ studentId, organizationId, input, tcknRef });
    const [student, numbers, legacy] = await Promise.all([
      executor.load(streams.student, studentDecider),
      executor.load(streams.numbers, studentNumberDecider),
      executor.load(streams.tckn.legacy, tcknReservationDecider),
    ]);
    const plan = planStudentRegistration(
      { studentId, organizationId, userId: owner.userId, now: ctx.now.toISOString(), input, tcknRef },
      {
        student: student.state,
        numbers: numbers.state,
        tckn: { current: { holder: null }, legacy: legacy.state },
      },
    );
    studentNumber = plan.studentNumber;
    return [
      { stream: student, events: plan.student.events },
      { stream: numbers, events: plan.numbers.events, allocation: true },
      { stream: legacy, events: plan.tckn.events },
    ];
  });
  return { id: studentId, studentNumber };
}
