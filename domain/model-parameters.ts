/**
 * The edit parameters a model learns from its training photos (spec §3 "Model detail" statistics sections), in the
 * order a photo stores them (`model_photos.params`, one smallint each). Every value is an integer in the parameter's
 * stored unit: `scale` turns it into what an editor shows (exposure 125 → +1.25 EV). Histograms group values in
 * buckets of `bucket` stored units starting at `min`; a chart's value filter names a bucket by its first value.
 */

export const statisticsSections = [
  'basic',
  'hsl',
  'tone_curve',
  'color_grading',
  'calibration',
  'crop',
  'detail',
] as const;
export type StatisticsSection = (typeof statisticsSections)[number];
export const statisticsSectionLabels: Record<StatisticsSection, string> = {
  basic: 'Basic',
  hsl: 'HSL',
  tone_curve: 'Tone curve',
  color_grading: 'Color grading / split toning',
  calibration: 'Calibration',
  crop: 'Crop & straighten',
  detail: 'Detail',
};

export interface ModelParameter {
  /** Stable name, used in filters and URLs (e.g. `temperature`, `hsl_red_hue`). */
  readonly key: string;
  readonly label: string;
  readonly section: StatisticsSection;
  /** The sub-heading of the chart inside its section (e.g. "Red" for the HSL bands). */
  readonly group: string;
  readonly min: number;
  readonly max: number;
  /** Bucket width in stored units. */
  readonly bucket: number;
  /** Stored unit × scale = shown value. */
  readonly scale: number;
  /** Shown after the value (K, EV, °). */
  readonly unit: string;
}

const slider = (
  key: string,
  label: string,
  section: StatisticsSection,
  group: string,
  bucket = 10,
): ModelParameter => ({
  key,
  label,
  section,
  group,
  min: -100,
  max: 100,
  bucket,
  scale: 1,
  unit: '',
});

const hslBands = ['red', 'orange', 'yellow', 'green', 'aqua', 'blue', 'purple', 'magenta'] as const;
const capital = (word: string) => word[0]?.toUpperCase() + word.slice(1);

export const modelParameters: readonly ModelParameter[] = [
  {
    key: 'temperature',
    label: 'Temperature',
    section: 'basic',
    group: 'White balance',
    min: 2000,
    max: 12000,
    bucket: 250,
    scale: 1,
    unit: 'K',
  },
  {
    key: 'tint',
    label: 'Tint',
    section: 'basic',
    group: 'White balance',
    min: -150,
    max: 150,
    bucket: 5,
    scale: 1,
    unit: '',
  },
  {
    key: 'exposure',
    label: 'Exposure',
    section: 'basic',
    group: 'Tone',
    min: -500,
    max: 500,
    bucket: 25,
    scale: 0.01,
    unit: 'EV',
  },
  slider('contrast', 'Contrast', 'basic', 'Tone'),
  slider('highlights', 'Highlights', 'basic', 'Tone'),
  slider('shadows', 'Shadows', 'basic', 'Tone'),
  slider('whites', 'Whites', 'basic', 'Tone'),
  slider('blacks', 'Blacks', 'basic', 'Tone'),
  slider('texture', 'Texture', 'basic', 'Presence'),
  slider('clarity', 'Clarity', 'basic', 'Presence'),
  slider('dehaze', 'Dehaze', 'basic', 'Presence'),
  slider('vibrance', 'Vibrance', 'basic', 'Presence'),
  slider('saturation', 'Saturation', 'basic', 'Presence'),
  ...hslBands.flatMap((band) =>
    (['hue', 'saturation', 'luminance'] as const).map((part) =>
      slider(`hsl_${band}_${part}`, `${capital(band)} ${part}`, 'hsl', capital(band)),
    ),
  ),
  slider('curve_highlights', 'Highlights', 'tone_curve', 'Parametric curve'),
  slider('curve_lights', 'Lights', 'tone_curve', 'Parametric curve'),
  slider('curve_darks', 'Darks', 'tone_curve', 'Parametric curve'),
  slider('curve_shadows', 'Shadows', 'tone_curve', 'Parametric curve'),
  ...(['shadows', 'midtones', 'highlights'] as const).flatMap((range): ModelParameter[] => [
    {
      key: `grading_${range}_hue`,
      label: `${capital(range)} hue`,
      section: 'color_grading',
      group: capital(range),
      min: 0,
      max: 359,
      bucket: 15,
      scale: 1,
      unit: '°',
    },
    {
      key: `grading_${range}_saturation`,
      label: `${capital(range)} saturation`,
      section: 'color_grading',
      group: capital(range),
      min: 0,
      max: 100,
      bucket: 5,
      scale: 1,
      unit: '',
    },
  ]),
  {
    key: 'grading_blending',
    label: 'Blending',
    section: 'color_grading',
    group: 'Global',
    min: 0,
    max: 100,
    bucket: 5,
    scale: 1,
    unit: '',
  },
  slider('grading_balance', 'Balance', 'color_grading', 'Global'),
  slider('calibration_shadows_tint', 'Shadows tint', 'calibration', 'Shadows', 5),
  ...(['red', 'green', 'blue'] as const).flatMap((primary) => [
    slider(
      `calibration_${primary}_hue`,
      `${capital(primary)} primary hue`,
      'calibration',
      `${capital(primary)} primary`,
      5,
    ),
    slider(
      `calibration_${primary}_saturation`,
      `${capital(primary)} primary saturation`,
      'calibration',
      `${capital(primary)} primary`,
      5,
    ),
  ]),
  {
    key: 'crop_aspect',
    label: 'Aspect ratio',
    section: 'crop',
    group: 'Crop',
    min: 50,
    max: 300,
    bucket: 1,
    scale: 0.01,
    unit: '',
  },
  {
    key: 'crop_angle',
    label: 'Straighten angle',
    section: 'crop',
    group: 'Straighten',
    min: -450,
    max: 450,
    bucket: 5,
    scale: 0.1,
    unit: '°',
  },
  {
    key: 'sharpening_amount',
    label: 'Sharpening amount',
    section: 'detail',
    group: 'Sharpening',
    min: 0,
    max: 150,
    bucket: 10,
    scale: 1,
    unit: '',
  },
  {
    key: 'sharpening_radius',
    label: 'Sharpening radius',
    section: 'detail',
    group: 'Sharpening',
    min: 5,
    max: 30,
    bucket: 1,
    scale: 0.1,
    unit: '',
  },
  {
    key: 'sharpening_detail',
    label: 'Sharpening detail',
    section: 'detail',
    group: 'Sharpening',
    min: 0,
    max: 100,
    bucket: 5,
    scale: 1,
    unit: '',
  },
  {
    key: 'sharpening_masking',
    label: 'Masking',
    section: 'detail',
    group: 'Sharpening',
    min: 0,
    max: 100,
    bucket: 10,
    scale: 1,
    unit: '',
  },
  {
    key: 'noise_luminance',
    label: 'Luminance noise reduction',
    section: 'detail',
    group: 'Noise reduction',
    min: 0,
    max: 100,
    bucket: 5,
    scale: 1,
    unit: '',
  },
  {
    key: 'noise_color',
    label: 'Color noise reduction',
    section: 'detail',
    group: 'Noise reduction',
    min: 0,
    max: 100,
    bucket: 5,
    scale: 1,
    unit: '',
  },
];

/** A parameter's position in `model_photos.params` (1-based, as SQL arrays count). */
export const parameterIndex: ReadonlyMap<string, number> = new Map(
  modelParameters.map((p, index) => [p.key, index + 1]),
);

export function parameterByKey(key: string): ModelParameter | undefined {
  const index = parameterIndex.get(key);
  return index === undefined ? undefined : modelParameters[index - 1];
}

/** The first stored value of the bucket a value falls in. */
export function bucketOf(parameter: ModelParameter, value: number): number {
  return parameter.min + Math.floor((value - parameter.min) / parameter.bucket) * parameter.bucket;
}

const aspectNames: Record<number, string> = {
  100: '1:1',
  125: '5:4',
  133: '4:3',
  150: '3:2',
  178: '16:9',
  80: '4:5',
  67: '2:3',
  75: '3:4',
};

/** How people read a stored value of a parameter: `+1.25 EV`, `5500 K`, `3:2`. */
export function formatParameterValue(parameter: ModelParameter, stored: number): string {
  if (parameter.key === 'crop_aspect') return aspectNames[stored] ?? (stored * parameter.scale).toFixed(2);
  const shown = stored * parameter.scale;
  const digits = parameter.scale >= 1 ? 0 : parameter.scale >= 0.1 ? 1 : 2;
  const signed = parameter.min < 0 && shown > 0 ? '+' : '';
  return `${signed}${shown.toFixed(digits)}${parameter.unit ? (parameter.unit === '°' ? '°' : ` ${parameter.unit}`) : ''}`;
}

/** A bucket as a range people read: `5500–5749 K`, or the one value when the bucket holds one. */
export function formatBucket(parameter: ModelParameter, start: number): string {
  if (parameter.bucket === 1) return formatParameterValue(parameter, start);
  const end = start + parameter.bucket - 1;
  return `${formatParameterValue(parameter, start)} … ${formatParameterValue(parameter, end)}`;
}
