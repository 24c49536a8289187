import { describe, expect, it } from 'vitest';
import type { StudentListRow } from '@okul/domain';
import { eligibleMembers, groupLabel } from './groups';
import type { ClassView as Group } from '@okul/domain';

const G = '00000000-0000-4000-8000-0000000000e1';
const group = (o: Partial<Group> = {}): Group => ({
  id: G,
  courseId: 'c1',
  title: 'Gitar A',
  ageGroup: null,
  level: null,
  description: null,
  classCode: null,
  notes: null,
  members: [],
  endedMembers: [],
  deletedAt: null,
  organizationId: 'o1',
  createdAt: '2026-03-01T10:00:00.000Z',
  createdBy: null,
  editedAt: null,
  editedBy: null,
  ...o,
});
const student = (
  id: string,
  name: string,
  enrollments: StudentListRow['enrollments'],
  deletedAt: string | null = null,
) => ({ id, name, surname: 'K', studentNumber: 26001, enrollments, deletedAt }) as StudentListRow;

describe('groups in lists', () => {
  it('names a deleted or unknown group by its id (api.md 8.5)', () => {
    expect(groupLabel([group()], G)).toBe('Gitar A');
    expect(groupLabel([group({ deletedAt: '2026-01-01T00:00:00.000Z' })], G)).toBe(
      `[Silinmiş Grup ID: ${G}]`,
    );
    expect(groupLabel([], 'x')).toBe('[Silinmiş Grup ID: x]');
  });

  it('offers students with an enrolment of the course that has not ended', () => {
    const now = Date.parse('2026-02-01T00:00:00.000Z');
    const rows = [
      student('a', 'Ümit', [
        { id: '1', courseId: 'c1', startDate: '2026-01-01T00:00:00.000Z', endDate: null },
      ]),
      student('b', 'Can', [
        {
          id: '2',
          courseId: 'c1',
          startDate: '2025-01-01T00:00:00.000Z',
          endDate: '2026-01-15T00:00:00.000Z',
        },
      ]),
      student('c', 'Çağla', [
        { id: '3', courseId: 'c1', startDate: '2026-03-01T00:00:00.000Z', endDate: null },
      ]),
      student('d', 'Ada', [
        { id: '4', courseId: 'c2', startDate: '2026-01-01T00:00:00.000Z', endDate: null },
      ]),
      student(
        'e',
        'Eda',
        [{ id: '5', courseId: 'c1', startDate: '2026-01-01T00:00:00.000Z', endDate: null }],
        'x',
      ),
    ];
    expect(eligibleMembers(rows, 'c1', now).map((s) => s.id)).toEqual(['c', 'a']);
  });
});
