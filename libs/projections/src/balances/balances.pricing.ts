import { chargePerUnitSql, periodicChargeCount, perClassHolderSql } from '@okul/domain';

type T = (name: string) => string;

/** Periodic charges of an enrolment whose end is known: the count once the end has passed (null when open). */
export function finalPeriods(
  enrollmentType: string,
  e: {
    startDate: string;
    endDate: string | null;
    periodUnit: 'day' | 'week' | 'month' | null;
    periodLength: number | null;
  },
): number | null {
  if (enrollmentType !== 'periodic' || e.endDate === null) return null;
  // With `now` at the end, the bound min(now + 1 ms, end) is the end itself: every later `now` gives the same.
  return periodicChargeCount(e, e.endDate);
}

/**
 * The per_class enrolment holding a lesson and its charge after the discount, chosen as the calculator
 * chooses it (domain perClassHolder, chargePerUnit: their SQL forms), ties broken by creation.
 */
export const holder = (t: T, student: string, course: string, at: string) => {
  const h = perClassHolderSql({ type: 'h.enrollment_type', start: 'h.start_date', end: 'h.end_date', at });
  return `
  SELECT h.id, ${chargePerUnitSql('h.price', 'h.discount')} AS charge
    FROM ${t('balance_enrollments')} h
   WHERE h.student_id = ${student} AND h.course_id = ${course} AND ${h.where}
   ORDER BY ${h.orderBy}, h.created_at, h.id
   LIMIT 1`;
};

/** A per_class enrolment as the batch prices lessons with it: its range in epoch ms (end exclusive) and charge. */
export interface HolderCandidate {
  id: string;
  startMs: number;
  endMs: number | null;
  charge: number;
}

/**
 * The domain's perClassHolder over one (student, course)'s per_class enrolments given in the order they were
 * added (`holder`'s tie-break): the latest start among those whose range holds `atMs`, the first added among
 * equal starts; undefined when none. Takes instants already parsed, so pricing a batch's lessons in Node
 * costs no date parsing per attendant (balances.pricing.unit.spec.ts proves it agrees with perClassHolder).
 */
export function holderAt<C extends HolderCandidate>(candidates: readonly C[], atMs: number): C | undefined {
  let best: C | undefined;
  for (const c of candidates)
    if (
      c.startMs <= atMs &&
      (c.endMs === null || atMs < c.endMs) &&
      (best === undefined || c.startMs > best.startMs)
    )
      best = c;
  return best;
}
