import type { Account } from '../db/accounts-repository.ts';
import type { Plan } from '../domain/plans.ts';

/** Paid plans a partner can buy. */
export type PaidPlan = Exclude<Plan, 'free'>;

/** How plans are sold: by Stripe, or set by the operator (the default). */
export interface BillingProvider {
  readonly kind: 'stripe' | 'manual';
  /**
   * Where to send the partner to buy `plan` (a checkout page), or undefined when plans are set by hand.
   *
   * @param returnUrl - where the checkout sends the partner back (our own portal address)
   */
  checkoutUrl(account: Account, plan: PaidPlan, returnUrl: string): Promise<string | undefined>;
  /** Where the partner changes or cancels the subscription, or undefined when there is none. */
  managementUrl(account: Account, returnUrl: string): Promise<string | undefined>;
}

/** Plans set by the operator with `solar-partner accounts set-plan`; the portal says how to ask. */
export class ManualBilling implements BillingProvider {
  readonly kind = 'manual' as const;
  async checkoutUrl(): Promise<undefined> {
    return undefined;
  }
  async managementUrl(): Promise<undefined> {
    return undefined;
  }
}
