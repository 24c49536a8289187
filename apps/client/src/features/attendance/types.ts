/** One attendee of an attendance as getAttendances names them (in the order of `attendants`). */
export interface AttendanceStudent {
  id: string;
  /** null when the student is gone from the read model (the id is then all that is known). */
  studentNumber: number | null;
  name: string | null;
  surname: string | null;
}

/** api.md 7.3 getAttendances: one attendance (product.md 3 Attendance) with the names the screens show. */
export interface Attendance {
  id: string;
  DBID: string;
  /** The readable code `YK-<yymm>-<seq>` (docs/DECISIONS.md). */
  code: string;
  attendanceNumber: number;
  organizationId: string;
  courseId: string;
  courseName: string | null;
  /** null means Diğer (product.md 3). */
  instructorId: string | null;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
  /** The lesson time as an instant (local parts in Europe/Istanbul). */
  timestamp: string;
  attendants: string[];
  students: AttendanceStudent[];
  createdAt: string | null;
  createdBy: string | null;
  createdByName: string | null;
  editedAt: string | null;
  editedBy: string | null;
  editedByName: string | null;
}

/** The paged answer of getAttendances (docs/DECISIONS.md "getAttendances is paged on the server"). */
export interface AttendancesPage {
  attendances: Attendance[];
  total: number;
  limit: number;
  offset: number;
}

/** An enrolment as getStudents lists it: course and dates only. */
export interface StudentEnrollmentDates {
  id: string;
  courseId: string;
  startDate: string;
  endDate: string | null;
}

/** A student of getStudents?view=list, as far as the attendee picker needs it. */
export interface PickerStudent {
  id: string;
  studentNumber: number;
  name: string;
  surname: string;
  deletedAt?: string | null;
  enrollments: StudentEnrollmentDates[];
}
