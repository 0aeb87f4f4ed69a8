/** The four regions of a parametric tone curve, each −100…+100 (as an editor's sliders). */
export interface ParametricCurve {
  highlights: number;
  lights: number;
  darks: number;
  shadows: number;
}

/** Where each region acts most (input level 0–1) and how wide (a bell's spread). */
const regions = [
  ['shadows', 0.125],
  ['darks', 0.375],
  ['lights', 0.625],
  ['highlights', 0.875],
] as const;

/**
 * The output (0–100 %) of a parametric curve at 17 input levels (0, 6.25 … 100 %): the identity moved by each
 * region's slider, weighted by a bell around the region's centre, and fixed at both ends.
 */
export function toneCurvePoints(curve: ParametricCurve): { input: number; output: number }[] {
  const points: { input: number; output: number }[] = [];
  for (let step = 0; step <= 16; step++) {
    const x = step / 16;
    let y = x;
    for (const [name, centre] of regions) {
      const weight = Math.exp(-((x - centre) ** 2) / (2 * 0.12 ** 2));
      y += (curve[name] / 100) * 0.25 * weight * Math.sin(Math.PI * x);
    }
    points.push({ input: Math.round(x * 1000) / 10, output: Math.min(1, Math.max(0, y)) * 100 });
  }
  return points;
}
