import { describe, expect, it } from 'vitest';
import { courseInstructors, courseStudents, instructorsByCourse, splitCourses } from './course-list';
import type { Course } from '@okul/domain';

const course = (name: string, index: number, deletedAt: string | null = null): Course => ({
  id: name,
  name,
  courseExplanation: '',
  code: null,
  isGroupCourse: false,
  isPrivateCourse: false,
  index,
  safeName: name,
  coverPhoto: null,
  deletedAt,
});

describe('course lists (product.md 3 and 4)', () => {
  it('sorts by index, then by name in Turkish order, and keeps deleted courses apart', () => {
    const { active, deleted } = splitCourses([
      course('Şan', 1),
      course('Resim', 2),
      course('Çello', 1),
      course('Bale', 0, '2025-05-01T10:00:00.000Z'),
      course('Satranç', 1),
    ]);
    expect(active.map((c) => c.name)).toEqual(['Çello', 'Satranç', 'Şan', 'Resim']);
    expect(deleted.map((c) => c.name)).toEqual(['Bale']);
  });
});

describe('instructors by course', () => {
  it('names the active instructors of each branch in Turkish order', () => {
    const map = instructorsByCourse([
      { name: 'Zeki', surname: 'Ak', branches: ['piano', 'violin'] },
      { name: 'Çağla', surname: 'Er', branches: ['piano'] },
      { name: 'Deniz', surname: 'Su', branches: ['piano'], deletedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(map.get('piano')).toEqual(['Çağla Er', 'Zeki Ak']);
    expect(map.get('violin')).toEqual(['Zeki Ak']);
    expect(map.get('drums')).toBeUndefined();
  });
});

describe('a course detail (its instructors and students)', () => {
  const teacher = (name: string, surname: string, branches: string[], deletedAt: string | null = null) => ({
    name,
    surname,
    branches,
    deletedAt,
  });

  it('lists the active instructors who teach the course, in Turkish order', () => {
    const list = courseInstructors(
      [
        teacher('Zeki', 'Kaya', ['gitar', 'piyano']),
        teacher('Çağla', 'Ak', ['gitar']),
        teacher('Can', 'Er', ['gitar'], '2025-05-01T10:00:00.000Z'),
        teacher('Nur', 'Ak', ['piyano']),
        teacher('Ceren', 'Öz', ['gitar']),
      ],
      'gitar',
    );
    expect(list.map((i) => i.name)).toEqual(['Ceren', 'Çağla', 'Zeki']);
  });

  it('lists the actively enrolled students and counts the earlier ones', () => {
    const student = (
      name: string,
      active: string[],
      enrolled: string[],
      deletedAt: string | null = null,
    ) => ({
      name,
      surname: 'Veli',
      deletedAt,
      activeCourses: active.map((courseId) => ({ courseId })),
      enrollments: enrolled.map((courseId) => ({ courseId })),
    });
    const { active, former } = courseStudents(
      [
        student('Şule', ['gitar'], ['gitar']),
        student('Ali', ['gitar', 'piyano'], ['gitar', 'piyano']),
        student('Ece', ['piyano'], ['gitar', 'piyano']),
        student('Mert', [], ['gitar']),
        student('Eda', ['gitar'], ['gitar'], '2025-05-01T10:00:00.000Z'),
        student('Oya', [], ['piyano']),
      ],
      'gitar',
    );
    expect(active.map((s) => s.name)).toEqual(['Ali', 'Şule']);
    expect(former).toBe(2);
  });
});
