import { Type, type TUnsafe } from 'typebox';
import { CORRECTABLE_SHAPES, CORRECTION_PITCH, type CorrectableShape } from '../modelgen/browser.ts';

/** The roof as the visitor corrected it in the Solar Wizard: shape, pitch in degrees, ridge bearing from north. */
export const VisitorRoofCorrection = Type.Object(
  {
    // The list of shapes is not a tuple, so TypeBox cannot infer the union; the cast names it.
    shape: Type.Union(CORRECTABLE_SHAPES.map((shape) => Type.Literal(shape)), { description: 'Roof shape' }) as unknown as TUnsafe<CorrectableShape>,
    pitch: Type.Optional(Type.Number({ minimum: CORRECTION_PITCH.min, maximum: CORRECTION_PITCH.max, description: 'Pitch, degrees' })),
    ridgeDirection: Type.Optional(Type.Number({ minimum: 0, maximum: 360, description: 'Ridge bearing, degrees from north' })),
  },
  { additionalProperties: false },
);
