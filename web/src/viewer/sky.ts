import { BackSide, Color, Mesh, ShaderMaterial, SphereGeometry, Vector3 } from 'three';

/** Colours of the sky and the light for a sun elevation: zenith, horizon, sunlight and ground bounce. */
export interface SkyColours {
  zenith: Color;
  horizon: Color;
  sun: Color;
  ground: Color;
}

const DAY = { zenith: new Color(0x4f86c6), horizon: new Color(0xcfe1ef), ground: new Color(0x8a8272) };
const GOLDEN = { zenith: new Color(0x5d7fb3), horizon: new Color(0xf0c9a0), ground: new Color(0x7a6a5a) };
const NIGHT = { zenith: new Color(0x0d1424), horizon: new Color(0x1f2a3d), ground: new Color(0x1a1a1e) };

/**
 * The sky's colours by the sun's elevation: deep blue at the zenith over a pale horizon by day, warm
 * near the horizon in the first and last hours, dark at night. The same colours light the scene
 * (hemisphere light) and tint the haze, so the model sits in its sky.
 */
export function skyColours(elevationDeg: number): SkyColours {
  const day = smoothstep(-4, 8, elevationDeg);
  const golden = 1 - smoothstep(4, 22, elevationDeg);
  const mix = (key: 'zenith' | 'horizon' | 'ground') => NIGHT[key].clone().lerp(DAY[key].clone().lerp(GOLDEN[key], golden * 0.8), day);
  const sun = new Color().setHSL(0.09, 0.85, 0.55 + 0.42 * smoothstep(0, 30, elevationDeg));
  return { zenith: mix('zenith'), horizon: mix('horizon'), sun, ground: mix('ground') };
}

/**
 * A sky dome: a gradient from the horizon to the zenith with a glow around the sun, drawn behind
 * everything, following the camera. Cheap: one sphere, a few lines of shader.
 */
export class SkyDome extends Mesh<SphereGeometry, ShaderMaterial> {
  constructor() {
    const material = new ShaderMaterial({
      side: BackSide,
      depthWrite: false,
      fog: false,
      uniforms: {
        zenith: { value: new Color() },
        horizon: { value: new Color() },
        sunColour: { value: new Color() },
        sunDirection: { value: new Vector3(0, 1, 0) },
        sunUp: { value: 1 },
      },
      vertexShader: /* glsl */ `
        varying vec3 vDirection;
        void main() {
          vDirection = normalize(position);
          gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
        }`,
      fragmentShader: /* glsl */ `
        uniform vec3 zenith; uniform vec3 horizon; uniform vec3 sunColour; uniform vec3 sunDirection; uniform float sunUp;
        varying vec3 vDirection;
        void main() {
          vec3 d = normalize(vDirection);
          float h = clamp(d.y, 0.0, 1.0);
          vec3 colour = mix(horizon, zenith, pow(h, 0.55));
          float toward = max(dot(d, sunDirection), 0.0);
          colour += sunColour * sunUp * (0.35 * pow(toward, 8.0) + 0.6 * pow(toward, 400.0));
          if (d.y < 0.0) colour = horizon;
          gl_FragColor = vec4(colour, 1.0);
          #include <tonemapping_fragment>
          #include <colorspace_fragment>
        }`,
    });
    super(new SphereGeometry(1, 32, 16), material);
    this.frustumCulled = false;
    this.renderOrder = -1;
    // The dome is drawn, not hit: clicks and ray casts go through it to the model.
    this.raycast = () => {};
  }

  /** Sets the colours and the sun (a model-frame direction, or undefined at night). */
  update(colours: SkyColours, sun: Vector3 | undefined): void {
    const u = this.material.uniforms;
    (u.zenith.value as Color).copy(colours.zenith);
    (u.horizon.value as Color).copy(colours.horizon);
    (u.sunColour.value as Color).copy(colours.sun);
    if (sun) (u.sunDirection.value as Vector3).copy(sun).normalize();
    u.sunUp.value = sun ? 1 : 0;
  }
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(Math.max((x - edge0) / (edge1 - edge0), 0), 1);
  return t * t * (3 - 2 * t);
}
