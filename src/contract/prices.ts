/**
 * Upper limits of the amounts of a design's prices, per unit of its currency: wide enough for currencies
 * of small units (a kWp costs about 250,000 JPY or 15,000,000 IDR, a kWh about 30 JPY or 1,500 IDR),
 * tight enough to catch a slip of the keyboard. The portal's price fields and the site report's
 * assumptions hold to them.
 */
export const PRICE_LIMITS = { costPerKwp: 1_000_000_000, tariff: 1_000_000 } as const;

/** Upper limit of a design's amounts (its cost, yearly value and net present value), in its currency. */
export const AMOUNT_LIMIT = 1e15;
