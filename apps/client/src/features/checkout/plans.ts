import {
  MEMBERSHIP_PLANS,
  checkoutItem,
  formatTl,
  planDiscountPercent,
  type Kurus,
  type MembershipPlan,
} from '@okul/domain';

/** The 12-month plan: api.md 9.1 highlights it on the landing page. */
export const HIGHLIGHTED_PLAN = 'sub-1-year';

/**
 * A price the way Turkish price cards write it: "4.000 TL" for whole lira, "333,33 TL" otherwise
 * (grouping dot, decimal comma: formatTl of the domain).
 */
export function formatPlanPrice(kurus: Kurus): string {
  return formatTl(kurus).replace(/,00 TL$/, ' TL');
}

export interface PlanCardView {
  checkoutItem: string;
  name: string;
  lengthMonths: number;
  price: Kurus;
  priceText: string;
  /** What the plan costs per month, shown under the price of a plan longer than a month. */
  monthlyText: string | null;
  /** api.md 9.1: against the first plan's monthly price times the months, rounded; 0 for the first plan. */
  discountPercent: number;
  /** "%17 indirim", or null when there is no discount. */
  discountText: string | null;
  highlighted: boolean;
}

/** The cards of the four plans of api.md 9.1, in the catalogue's order. */
export function planCards(plans: readonly MembershipPlan[] = MEMBERSHIP_PLANS): PlanCardView[] {
  return plans.map((plan) => {
    const discountPercent = planDiscountPercent(plan);
    return {
      checkoutItem: plan.checkoutItem,
      name: plan.name,
      lengthMonths: plan.lengthMonths,
      price: plan.price,
      priceText: formatPlanPrice(plan.price),
      // kuruş stay integers: a month of the 12-month plan is 333,33 TL (the remainder is not shown)
      monthlyText:
        plan.lengthMonths > 1 ? `aylık ${formatPlanPrice(Math.floor(plan.price / plan.lengthMonths))}` : null,
      discountPercent,
      discountText: discountPercent > 0 ? `%${discountPercent} indirim` : null,
      highlighted: plan.checkoutItem === HIGHLIGHTED_PLAN,
    };
  });
}

/** The plan of a checkout item, or null (an SMS package or an unknown item is not a plan). */
export function planByItem(id: string | null | undefined): MembershipPlan | null {
  const item = id ? checkoutItem(id) : null;
  return item?.kind === 'subscription' ? item : null;
}

/** The cart line of /odeme (product.md 2): the plan name and its price in TL, or that nothing is chosen. */
export function cartLine(id: string | null | undefined): string {
  const plan = planByItem(id);
  if (!plan) return 'Henüz bir abonelik seçilmedi.';
  return `${plan.name} abonelik: ${formatTl(plan.price)}`;
}
