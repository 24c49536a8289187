import type { Course, EnrollmentView as Enrollment } from '@okul/domain';

/** The student, course and enrolment the enrolment screens' tests share. */
export const STUDENT = '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69';
export const PIANO = '6a0c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a61';
export const ENROLLMENT = '7b0c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a62';

export const course = (id: string, name: string, deletedAt: string | null = null): Course => ({
  id,
  name,
  courseExplanation: '',
  code: null,
  isGroupCourse: false,
  isPrivateCourse: false,
  index: 0,
  safeName: name,
  coverPhoto: null,
  deletedAt,
});

export const enrollment = (o: Partial<Enrollment> = {}): Enrollment => ({
  id: ENROLLMENT,
  courseId: PIANO,
  courseName: 'Piyano',
  studentId: STUDENT,
  organizationId: 'o',
  startDate: new Date(2025, 2, 1, 10, 30).toISOString(),
  endDate: null,
  price: 10000,
  discount: 0,
  enrollmentType: 'per_class',
  isOfficial: false,
  periodUnit: null,
  periodLength: null,
  classesPerPeriod: null,
  active: true,
  createdBy: null,
  createdAt: '2025-03-01T07:30:00.000Z',
  editedBy: null,
  editedAt: null,
  ...o,
});
