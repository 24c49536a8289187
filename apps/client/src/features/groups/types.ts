/** api.md 7.3 getClasses: one group (product.md 3 Group/class) as the server answers it. */
export interface Group {
  id: string;
  courseId: string;
  title: string;
  ageGroup: string | null;
  level: string | null;
  description: string | null;
  classCode: string | null;
  notes: string | null;
  /** Student ids. */
  members: string[];
  /** Members with no running enrolment of the group's course: kept, marked (docs/DECISIONS.md). */
  endedMembers: string[];
  deletedAt: string | null;
}
