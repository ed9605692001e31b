/** Subscription plans (SPEC.md): Pro unlocks the Solar Wizard and HD in the viewer; Business unlocks API access. */
export const PLANS = ['free', 'pro', 'business'] as const;
export type Plan = (typeof PLANS)[number];

/** Whether an account on `plan` may hold working API keys. */
export function planAllowsApi(plan: string): boolean {
  return plan === 'business';
}

/** Narrows a string to a plan name. */
export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

/** Whether a plan includes Pro's viewer features (the Solar Wizard, HD models); Business includes them. */
export function planIncludesPro(plan: string): boolean {
  return plan === 'pro' || plan === 'business';
}
