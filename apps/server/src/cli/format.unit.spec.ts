import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@okul/domain';
import { exportLine, formatReplayLine, formatTable, inRange, parseBound, UsageError } from './format';

const COURSE = '0b7e7a52-8f7a-4a39-9a43-3f1f4f0e2c11';

function event(
  over: Partial<StoredEvent> & { occurredAt?: string; userId?: string | null } = {},
): StoredEvent {
  return {
    id: '5d0c7a3e-1b9f-4a53-8d5e-2f2d1e0c9b77',
    streamId: `course-${COURSE}`,
    streamVersion: 0,
    globalPosition: 12n,
    type: 'CourseAdded',
    data: {
      courseId: COURSE,
      organizationId: 'org-1',
      name: 'Piyano',
      courseExplanation: 'Başlangıç "seviye"',
      code: null,
      isGroupCourse: false,
      index: 3,
    },
    metadata: {
      organizationId: 'org-1',
      userId: over.userId === undefined ? 'user-7' : over.userId,
      ipAddress: '10.0.0.1',
      userAgent: 'test',
      correlationId: 'c-1',
      causationId: null,
      occurredAt: over.occurredAt ?? '2026-03-01T07:22:03.123Z',
    },
    ...over,
  };
}

describe('replay lines', () => {
  it('reads as time in Istanbul, user, type, stream, then the fields not already in the stream or the org', () => {
    expect(formatReplayLine(event(), 'Europe/Istanbul', 'org-1')).toBe(
      `2026-03-01 10:22:03  user-7  CourseAdded  course-${COURSE}  name="Piyano" courseExplanation="Başlangıç \\"seviye\\"" code=null isGroupCourse=false index=3`,
    );
  });

  it('shows "-" for a system event, other time zones, and keeps an organisation id that is not the one asked for', () => {
    const line = formatReplayLine(event({ userId: null }), 'UTC', 'org-2');
    expect(
      line.startsWith(`2026-03-01 07:22:03  -  CourseAdded  course-${COURSE}  organizationId="org-1" name=`),
    ).toBe(true);
  });

  it('masks password and token hashes', () => {
    const e = event({
      type: 'UserPasswordReset',
      streamId: 'user-u1',
      data: { userId: 'u1', passwordHash: '$argon2id$v=19$abc', resetAt: '2026-03-01T07:00:00Z' },
    });
    const line = formatReplayLine(e, 'Europe/Istanbul', 'org-1');
    expect(line).toBe(
      '2026-03-01 10:22:03  user-7  UserPasswordReset  user-u1  passwordHash=[redacted] resetAt="2026-03-01T07:00:00Z"',
    );
    expect(line).not.toContain('argon2');
  });
});

describe('--from / --to', () => {
  it('takes digits as a position', () => {
    expect(parseBound('42', 'Europe/Istanbul', '--from')).toEqual({ kind: 'position', position: 42n });
  });

  it('takes a date as that midnight in the display time zone, and a date-time without offset as wall time', () => {
    expect(parseBound('2026-03-01', 'Europe/Istanbul', '--from')).toEqual({
      kind: 'time',
      at: new Date('2026-02-28T21:00:00.000Z'),
    });
    expect(parseBound('2026-03-01T10:22', 'Europe/Istanbul', '--from')).toEqual({
      kind: 'time',
      at: new Date('2026-03-01T07:22:00.000Z'),
    });
    // Daylight saving time is honoured where there is one.
    expect(parseBound('2026-07-01', 'Europe/Berlin', '--to')).toEqual({
      kind: 'time',
      at: new Date('2026-06-30T22:00:00Z'),
    });
    expect(parseBound('2026-01-15', 'Europe/Berlin', '--to')).toEqual({
      kind: 'time',
      at: new Date('2026-01-14T23:00:00Z'),
    });
  });

  it('takes an ISO date-time with an offset as that instant', () => {
    expect(parseBound('2026-03-01T10:00:00+03:00', 'UTC', '--to')).toEqual({
      kind: 'time',
      at: new Date('2026-03-01T07:00:00Z'),
    });
    expect(parseBound('2026-03-01T10:00:00Z', 'Europe/Istanbul', '--to')).toEqual({
      kind: 'time',
      at: new Date('2026-03-01T10:00:00Z'),
    });
  });

  it('refuses what is neither', () => {
    for (const bad of ['yesterday', '2026-02-30', '2026-13-01', '-5', '2026-03-01T25:00']) {
      expect(() => parseBound(bad, 'UTC', '--from')).toThrow(UsageError);
    }
  });

  it('is inclusive at the start and exclusive at the end', () => {
    const e = event({ occurredAt: '2026-03-01T07:00:00.000Z' });
    const at = (iso: string) => ({ kind: 'time' as const, at: new Date(iso) });
    const pos = (n: bigint) => ({ kind: 'position' as const, position: n });
    expect(inRange(e, pos(12n), pos(13n))).toBe(true);
    expect(inRange(e, pos(13n), null)).toBe(false);
    expect(inRange(e, null, pos(12n))).toBe(false);
    expect(inRange(e, at('2026-03-01T07:00:00Z'), at('2026-03-01T07:00:01Z'))).toBe(true);
    expect(inRange(e, null, at('2026-03-01T07:00:00Z'))).toBe(false);
  });
});

describe('export lines and tables', () => {
  it('writes the stored event as JSON with the position as a string', () => {
    const parsed = JSON.parse(exportLine(event()));
    expect(parsed).toMatchObject({ globalPosition: '12', streamId: `course-${COURSE}`, type: 'CourseAdded' });
    expect(parsed.data.name).toBe('Piyano');
    expect(parsed.metadata.ipAddress).toBe('10.0.0.1');
  });

  it('aligns columns', () => {
    expect(
      formatTable(
        ['NAME', 'LAG', 'ERROR'],
        [
          ['courses', '0', ''],
          ['audit_log', '12', 'boom'],
        ],
      ),
    ).toBe(['NAME       LAG  ERROR', 'courses    0', 'audit_log  12   boom'].join('\n'));
  });
});
