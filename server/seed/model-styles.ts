import { modelParameters } from '../../domain/model-parameters';
import type { Random } from './random';

/** Cameras with the lenses seen on them, and how often a photographer's kit holds each (demo data only). */
export const cameraKits: readonly { camera: string; lenses: readonly string[]; raw: boolean; weight: number }[] = [
  {
    camera: 'Canon EOS R5',
    lenses: ['RF 24-70mm F2.8L IS USM', 'RF 85mm F1.2L USM', 'RF 70-200mm F2.8L IS USM'],
    raw: true,
    weight: 14,
  },
  { camera: 'Canon EOS 5D Mark IV', lenses: ['EF 24-70mm f/2.8L II USM', 'EF 50mm f/1.2L USM'], raw: true, weight: 9 },
  { camera: 'Canon EOS R6 Mark II', lenses: ['RF 28-70mm F2L USM', 'RF 50mm F1.2L USM'], raw: true, weight: 8 },
  {
    camera: 'Sony ILCE-7M4',
    lenses: ['FE 24-70mm F2.8 GM II', 'FE 85mm F1.4 GM', 'FE 35mm F1.4 GM'],
    raw: true,
    weight: 14,
  },
  { camera: 'Sony ILCE-1', lenses: ['FE 70-200mm F2.8 GM OSS II', 'FE 50mm F1.2 GM'], raw: true, weight: 5 },
  { camera: 'Nikon Z 6_2', lenses: ['NIKKOR Z 24-70mm f/2.8 S', 'NIKKOR Z 50mm f/1.8 S'], raw: true, weight: 8 },
  { camera: 'Nikon Z 8', lenses: ['NIKKOR Z 70-200mm f/2.8 VR S', 'NIKKOR Z 85mm f/1.2 S'], raw: true, weight: 6 },
  { camera: 'Fujifilm X-T5', lenses: ['XF 33mm F1.4 R LM WR', 'XF 16-55mm F2.8 R LM WR'], raw: true, weight: 6 },
  { camera: 'Canon EOS R8', lenses: ['RF 24-50mm F4.5-6.3 IS STM'], raw: false, weight: 3 },
  { camera: 'Apple iPhone 15 Pro', lenses: ['iPhone 15 Pro back triple camera 6.86mm f/1.78'], raw: false, weight: 3 },
];

const cameraProfiles = [
  ['Adobe Color', 50],
  ['Adobe Portrait', 15],
  ['Camera Matching', 14],
  ['Adobe Standard', 10],
  ['Adobe Landscape', 5],
  ['Adobe Vivid', 3],
  ['Adobe Monochrome', 3],
] as const;
const processVersions = [
  ['Version 6', 62],
  ['Version 5', 28],
  ['Version 4', 8],
  ['Version 3', 2],
] as const;
const presetKinds = [
  ['OWN_PRESET', 45],
  ['NONE', 25],
  ['BOUGHT_PRESET', 20],
  ['ADOBE_PRESET', 10],
] as const;

/** A photographer's look: a mean and a spread per parameter, from a few broad style choices. */
function lookOf(random: Random, raw: boolean): { mean: number[]; spread: number[] } {
  const warm = random.int(-1, 2);
  const bright = random.int(-1, 2);
  const matte = random.chance(0.4);
  const punchy = random.chance(0.35);
  const tealOrange = random.chance(0.45);
  const byKey: Record<string, [number, number]> = {
    temperature: [5200 + warm * 350, raw ? 550 : 250],
    tint: [warm * 3 + random.int(-4, 8), 6],
    exposure: [bright * 25 + random.int(-10, 20), 35],
    contrast: [punchy ? 25 : matte ? -20 : 5, 10],
    highlights: [-35 - bright * 10, 15],
    shadows: [25 + bright * 8, 15],
    whites: [10 + bright * 5, 12],
    blacks: [matte ? 15 : -15, 12],
    texture: [random.int(-10, 15), 8],
    clarity: [punchy ? 15 : random.int(-10, 5), 8],
    dehaze: [random.int(-5, 10), 5],
    vibrance: [random.int(5, 25), 8],
    saturation: [random.int(-20, 5), 8],
    curve_highlights: [matte ? -20 : random.int(-10, 10), 8],
    curve_lights: [punchy ? 15 : 5, 8],
    curve_darks: [punchy ? -15 : -5, 8],
    curve_shadows: [matte ? 25 : random.int(-5, 10), 8],
    grading_shadows_hue: [tealOrange ? 205 : random.int(0, 359), 12],
    grading_shadows_saturation: [tealOrange ? 14 : random.int(0, 8), 4],
    grading_midtones_hue: [random.int(20, 60), 15],
    grading_midtones_saturation: [random.int(0, 8), 3],
    grading_highlights_hue: [tealOrange ? 42 : random.int(30, 60), 10],
    grading_highlights_saturation: [tealOrange ? 12 : random.int(0, 10), 4],
    grading_blending: [50, 6],
    grading_balance: [random.int(-20, 20), 8],
    calibration_shadows_tint: [random.int(-5, 5), 3],
    calibration_red_hue: [random.int(-5, 10), 4],
    calibration_red_saturation: [random.int(-5, 15), 5],
    calibration_green_hue: [random.int(-10, 5), 4],
    calibration_green_saturation: [random.int(-10, 5), 5],
    calibration_blue_hue: [random.int(-20, 0), 5],
    calibration_blue_saturation: [random.int(5, 35), 6],
    crop_angle: [0, 12],
    sharpening_amount: [raw ? random.int(30, 60) : random.int(0, 20), 8],
    sharpening_radius: [10, 2],
    sharpening_detail: [25, 5],
    sharpening_masking: [random.int(0, 40), 10],
    noise_luminance: [raw ? random.int(0, 25) : 0, 6],
    noise_color: [raw ? 25 : 0, 3],
  };
  const hslSkin = random.int(-15, 0);
  for (const band of ['red', 'orange', 'yellow', 'green', 'aqua', 'blue', 'purple', 'magenta']) {
    byKey[`hsl_${band}_hue`] = [
      band === 'green' ? random.int(0, 35) : band === 'orange' ? random.int(-8, 4) : random.int(-6, 6),
      5,
    ];
    byKey[`hsl_${band}_saturation`] = [
      band === 'orange' ? hslSkin : band === 'green' ? random.int(-45, -5) : random.int(-20, 10),
      6,
    ];
    byKey[`hsl_${band}_luminance`] = [
      band === 'orange' ? random.int(0, 20) : band === 'blue' ? random.int(-30, 0) : random.int(-10, 10),
      6,
    ];
  }
  const mean = modelParameters.map((parameter) => byKey[parameter.key]?.[0] ?? 0);
  const spread = modelParameters.map((parameter) => byKey[parameter.key]?.[1] ?? 0);
  return { mean, spread };
}

/** Roughly normal: the sum of three uniforms, centred, with a standard deviation of 1. */
function normal(random: Random): number {
  return (random.next() + random.next() + random.next() - 1.5) * 2;
}

const aspects = [
  [150, 55],
  [80, 20],
  [100, 8],
  [133, 7],
  [178, 6],
  [125, 4],
] as const;

/**
 * A model's seeded evidence: `variants` parameter vectors (a photographer's look applied with per-shoot changes; the
 * photos of a model are these variants with per-photo white balance and exposure moved in SQL), its kit of cameras
 * and lenses and its mix of camera profiles, process versions and preset kinds, each as a list picked from evenly
 * (a value listed more often is more common).
 */
export function modelStyle(random: Random, raw: boolean, variants = 24) {
  const look = lookOf(random, raw);
  const vectors: number[][] = [];
  for (let variant = 0; variant < variants; variant++) {
    vectors.push(
      modelParameters.map((parameter, index) => {
        if (parameter.key === 'crop_aspect') return random.weighted(aspects);
        const value = Math.round((look.mean[index] ?? 0) + normal(random) * (look.spread[index] ?? 0));
        if (parameter.key.endsWith('_hue') && parameter.min === 0) return ((value % 360) + 360) % 360;
        return Math.min(parameter.max, Math.max(parameter.min, value));
      }),
    );
  }
  const kit = [...cameraKits].filter((entry) => entry.raw || !raw || random.chance(0.3));
  const owned: string[] = [];
  // Most photographers shoot with two bodies; some with one, some with a third (a backup or a phone).
  for (
    let count = random.weighted([
      [1, 20],
      [2, 55],
      [3, 25],
    ] as const);
    count > 0;
    count--
  ) {
    const picked = random.weighted(kit.map((entry) => [entry, entry.weight] as const));
    const share = count === 1 ? 6 : random.int(1, 4);
    for (let copy = 0; copy < share; copy++) owned.push(`${picked.camera}|${random.pick(picked.lenses)}`);
    for (const lens of picked.lenses) if (random.chance(0.5)) owned.push(`${picked.camera}|${lens}`);
  }
  const mix = <T extends string>(items: readonly (readonly [T, number])[], size: number) =>
    Array.from({ length: size }, () => random.weighted(items));
  return {
    variants: vectors,
    kit: owned,
    cameraProfiles: mix(cameraProfiles, 6),
    processVersions: mix(processVersions, 5),
    presetKinds: mix(presetKinds, 4),
    /** Percent of photos that are JPG files (a RAW model still gets a few phone shots). */
    jpgPercent: raw ? random.int(0, 8) : random.int(85, 100),
  };
}
