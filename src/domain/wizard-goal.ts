/** SPEC.md: the four Solar Wizard goals. */
export const WIZARD_GOALS = ['maximize_energy', 'cover_bill', 'maximize_roi', 'environmental'] as const;
export type WizardGoal = (typeof WIZARD_GOALS)[number];
