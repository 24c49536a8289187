/**
 * The route's {studentNumber}: one to five digits (product.md 3), else null. Its own module: the route table
 * reads it, and it must not pull the student list's code into the entry chunk.
 */
export function parseStudentNumber(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,5}$/.test(value) ? Number(value) : null;
}
