import { describe, expect, it } from 'vitest';
import { logSentence, type AttendanceEvent, type StoredEvent } from '@okul/domain';
import { auditMapperFor } from '../audit/audit-actions';

const ids = { attendanceId: 'a1', organizationId: 'o1' };
const fields = {
  courseId: 'c1',
  instructorId: null,
  day: 6,
  month: 3,
  year: 2025,
  hour: 15,
  minute: 0,
  timestamp: '2025-03-06T12:00:00.000Z',
  attendants: ['s1'],
};
const stored = (e: AttendanceEvent, globalPosition = 1n): StoredEvent<AttendanceEvent> => ({
  id: 'e1',
  streamId: 'attendance-a1',
  streamVersion: 1,
  globalPosition,
  type: e.type,
  data: e.data,
  metadata: {
    organizationId: 'o1',
    userId: 'u1',
    ipAddress: null,
    userAgent: null,
    correlationId: 'k1',
    causationId: null,
    occurredAt: '2025-03-07T09:00:00.000Z',
  },
});
/** What the audit projection stores (details as jsonb) and the İşlem Dökümü shows. */
const entry = (e: AttendanceEvent) => {
  const mapped = auditMapperFor(e.type)!(stored(e));
  if (!mapped) throw new Error(`no log entry for ${e.type}`);
  const details = JSON.parse(JSON.stringify(mapped.details)) as Record<string, unknown>;
  return { action: mapped.action, details, sentence: logSentence(mapped.action, details) };
};

describe('attendance audit entries (product.md 3 Log entry)', () => {
  it('an edit carries the lesson time before and after', () => {
    const edited: AttendanceEvent = {
      type: 'AttendanceEdited',
      data: {
        ...ids,
        ...fields,
        editedBy: 'u1',
        editedAt: '2025-03-07T09:00:00.000Z',
        code: 'YK-2503-0001',
        previousTimestamp: '2025-03-05T11:00:00.000Z',
      },
    };
    expect(entry(edited)).toEqual({
      action: 'edit_attendance',
      details: {
        attendanceId: 'a1',
        courseId: 'c1',
        instructorId: null,
        name: 'YK-2503-0001',
        startDate: '2025-03-05T11:00:00.000Z',
        newStartDate: '2025-03-06T12:00:00.000Z',
      },
      sentence: '"YK-2503-0001" yoklamasının zamanını 05.03.2025 14:00 → 06.03.2025 15:00 olarak değiştirdi.',
    });
  });

  it('a delete carries the lesson time', () => {
    const deleted: AttendanceEvent = {
      type: 'AttendanceDeleted',
      data: {
        ...ids,
        courseId: 'c1',
        deletedBy: 'u1',
        deletedAt: '2025-03-07T09:00:00.000Z',
        code: 'YK-2503-0001',
        timestamp: '2025-03-05T11:00:00.000Z',
      },
    };
    expect(entry(deleted)).toEqual({
      action: 'delete_attendance',
      details: {
        attendanceId: 'a1',
        courseId: 'c1',
        name: 'YK-2503-0001',
        startDate: '2025-03-05T11:00:00.000Z',
      },
      sentence: '"YK-2503-0001" yoklamasını sildi (zaman: 05.03.2025 14:00).',
    });
  });

  it('events stored before the log carried the times still make entries (replay)', () => {
    const oldEdit = {
      type: 'AttendanceEdited',
      data: { ...ids, ...fields, editedBy: 'u1', editedAt: '2025-03-07T09:00:00.000Z' },
    } as AttendanceEvent;
    expect(entry(oldEdit)).toEqual({
      action: 'edit_attendance',
      details: { attendanceId: 'a1', courseId: 'c1', instructorId: null, newStartDate: fields.timestamp },
      sentence: 'Yoklamayı düzenledi (zaman: 06.03.2025 15:00).',
    });
    const oldDelete = {
      type: 'AttendanceDeleted',
      data: { ...ids, courseId: 'c1', deletedBy: 'u1', deletedAt: '2025-03-07T09:00:00.000Z' },
    } as AttendanceEvent;
    expect(entry(oldDelete)).toEqual({
      action: 'delete_attendance',
      details: { attendanceId: 'a1', courseId: 'c1' },
      sentence: 'Yoklamayı sildi.',
    });
  });
});
