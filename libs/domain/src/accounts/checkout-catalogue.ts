import { addPeriods, toEpoch, toIso } from '../shared/time';
import type { Kurus } from '../shared/money';
import { ROLES, hasRole } from '../shared/roles';

/** api.md 9.1: a membership plan (lengthMonths, name, price) sold under its checkout item. */
export interface MembershipPlan {
  kind: 'subscription';
  checkoutItem: string;
  name: string;
  lengthMonths: number;
  /** kuruş */
  price: Kurus;
}

/** api.md 9.2 / product.md 3: an SMS credit package (amount, name, price, checkoutItem). */
export interface SmsPackage {
  kind: 'sms';
  checkoutItem: string;
  name: string;
  /** credits */
  amount: number;
  /** kuruş */
  price: Kurus;
}

export type CheckoutItem = MembershipPlan | SmsPackage;

/** api.md 9.1, in this order (the first plan is the base of the displayed discount). */
export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  { kind: 'subscription', checkoutItem: 'sub-1-month', name: '1 Aylık', lengthMonths: 1, price: 400_00 },
  { kind: 'subscription', checkoutItem: 'sub-3-month', name: '3 Aylık', lengthMonths: 3, price: 1100_00 },
  { kind: 'subscription', checkoutItem: 'sub-6-month', name: '6 Aylık', lengthMonths: 6, price: 2100_00 },
  { kind: 'subscription', checkoutItem: 'sub-1-year', name: '12 Aylık', lengthMonths: 12, price: 4000_00 },
];

/** api.md 9.2: 100, 250, 500, 1000 credits for 100, 250, 500, 1000 TRY. */
export const SMS_PACKAGES: readonly SmsPackage[] = [100, 250, 500, 1000].map((n) => ({
  kind: 'sms' as const,
  checkoutItem: `sms-credits-${n}`,
  name: `${n} SMS`,
  amount: n,
  price: n * 100,
}));

/** One catalogue for both: the same start call sells plans and SMS packages (api.md 7.4). */
export const CHECKOUT_ITEMS: Readonly<Record<string, CheckoutItem>> = Object.fromEntries(
  [...MEMBERSHIP_PLANS, ...SMS_PACKAGES].map((i) => [i.checkoutItem, i]),
);

export function checkoutItem(id: string): CheckoutItem | null {
  return Object.prototype.hasOwnProperty.call(CHECKOUT_ITEMS, id) ? CHECKOUT_ITEMS[id] : null;
}

/**
 * api.md 9.1: the displayed percent discount is taken against the first plan's monthly price times the
 * months, rounded. Integer arithmetic on kuruş: round(100 * (full - price) / full).
 */
export function planDiscountPercent(plan: MembershipPlan): number {
  const full = MEMBERSHIP_PLANS[0].price * plan.lengthMonths;
  return Math.round((100 * (full - plan.price)) / full);
}

/** Paying for an organisation's membership is the school-admin's business (or a higher role's). */
export function mayPayForOrganization(role: number | null | undefined): boolean {
  return hasRole(role, ROLES.schoolAdmin);
}

/** api.md 9.1: membership is active while paidUntil is later than now. */
export function isMembershipActive(paidUntil: string | null, now: string): boolean {
  return paidUntil !== null && toEpoch(paidUntil) > toEpoch(now);
}

/**
 * A paid plan extends paidUntil from max(now, paidUntil) by its months, counted on the Istanbul calendar
 * (a month bought on 31 January runs to the end of February, not to 3 March).
 */
export function extendPaidUntil(paidUntil: string | null, now: string, months: number): string {
  const base = paidUntil !== null && toEpoch(paidUntil) > toEpoch(now) ? toEpoch(paidUntil) : toEpoch(now);
  return toIso(addPeriods(base, 'month', months));
}
