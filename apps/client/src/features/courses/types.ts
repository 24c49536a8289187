/** api.md 7.3 getCourses: one course (product.md 3 Course). */
export interface Course {
  id: string;
  name: string;
  courseExplanation: string;
  code: string | null;
  isGroupCourse: boolean;
  isPrivateCourse: boolean;
  index: number;
  safeName: string;
  coverPhoto: string | null;
  /** Set on soft-deleted courses, which are listed apart and can be restored (product.md 4). */
  deletedAt: string | null;
}
