import type { Kurus } from '../shared/money';
import type { EmployeeTypeId, WagePeriod } from './schemas';
import type { WagesOwed } from './wage-payments';

/** product.md 3 Instructor as everyone may read it (product.md 4 Visitor data loading): no user id or notes. */
export interface PublicInstructor {
  id: string;
  name: string;
  surname: string;
  branches: string[];
  cv: string | null;
  avatar: string | null;
  safeName: string;
}

/** product.md 3 Employee (an Instructor is one of type 2), for the organisation's staff. */
export interface EmployeeView extends PublicInstructor {
  organizationId: string;
  userId: string | null;
  employeeTypeId: EmployeeTypeId;
  employeeType: 'instructor' | null;
  phone: string | null;
  notes: string | null;
  wages: WagePeriod[];
  deletedAt: string | null;
  createdAt: string | null;
  createdBy: string | null;
  editedAt: string | null;
  editedBy: string | null;
}

/** Wages owed with what each wage period earned, in the order of the employee's `wages`. */
export interface WagesOwedWithPeriods extends WagesOwed {
  earnedByWage: Kurus[];
}

/**
 * An employee as getEmployees and getInstructors answer the staff: getEmployees adds the wages owed at the
 * moment of reading (kuruş), getInstructors does not.
 */
export type EmployeeAnswer = EmployeeView & Partial<WagesOwedWithPeriods>;
