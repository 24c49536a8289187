import type { ScheduleTime } from '@okul/domain';

/** api.md 7.3 getSchedules: one schedule (product.md 3 Schedule). */
export interface Schedule {
  id: string;
  courseId: string;
  title: string | null;
  scheduleType: 'periodic' | 'one_off';
  scheduleTimes: ScheduleTime[];
  periodLength: number | null;
  periodUnit: 'day' | 'week' | 'month' | null;
  repeatCount: number | null;
  attendanceMandatory: boolean;
  notes: string | null;
  instructorId: string | null;
  instructorName: string | null;
  students: Array<{ studentId: string }>;
  classes: Array<{ classId: string }>;
}

/** getScheduleOccurrences: one lesson (docs/DECISIONS.md). */
export interface Occurrence {
  id: string;
  scheduleId: string;
  courseId: string;
  title: string | null;
  start: string;
  end: string;
  attendanceMandatory: boolean;
  instructorId: string | null;
  classes: string[];
  attendanceId: string | null;
  memberIds?: string[];
}
