/**
 * Upper limits of the amounts of a design's prices, per unit of its currency: wide enough for
 * currencies of small units (a kWp costs about 250,000 JPY, a kWh about 30 JPY), tight enough to catch a
 * slip of the keyboard. The portal's price fields and the site report's assumptions hold to them.
 */
export const PRICE_LIMITS = { costPerKwp: 10_000_000, tariff: 10_000 } as const;
