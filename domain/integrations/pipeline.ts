import { z } from 'zod';

/**
 * The editing pipeline's contract (docs/integrations.md): the provider's editing and training service lives outside
 * Loupe. Loupe posts each project or model job to it as a signed event (outbound); the service reports progress back
 * to `POST /integrations/pipeline/events`, signed the same way (inbound). Both directions: JSON bodies, a unique
 * `event_id` the receiver deduplicates on, and the signature header below.
 */

/** The header both directions sign with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const pipelineSignatureHeader = 'loupe-signature';
/** A signed request older (or newer) than this is refused as a replay. */
export const pipelineToleranceSeconds = 300;
/** The largest inbound body accepted; anything larger is refused before it is read whole (413). */
export const pipelineMaxBodyBytes = 64 * 1024;
/** Where the service posts its events, on Loupe's origin (outside /admin). */
export const pipelineInboundPath = '/integrations/pipeline/events';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const eventId = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only');

/** The jobs Loupe sends (outbound event types). */
export const pipelineJobTypes = [
  /** A delivered editing project goes back to be edited again (`project_id`, `reason`). */
  'project.reedit',
  /** A teaching project of a profile's edited photos waits to be taught (`project_id`, `profile_id`). */
  'project.teach',
  /** A model to be trained by hand (`model_id`, `profile_id`). */
  'model.manual_training',
  /** A model (re)queued for automatic training (`model_id`, `profile_id`): a FAIL or held model moved to PENDING. */
  'model.finetune',
  /** The profile now edits with an older model (`profile_id`, `model_id`). */
  'profile.revert',
] as const;
export type PipelineJobType = (typeof pipelineJobTypes)[number];

/** What an outbound event's `data` holds, per type. */
export const pipelineJobData = z.object({
  customer_id: id,
  profile_id: id.nullable(),
  project_id: id.optional(),
  model_id: id.optional(),
  reason: z.string().max(500).optional(),
  /** Photos the job covers (a project's uploaded images, a model's training photos). */
  photos: z.number().int().min(0).optional(),
});
export type PipelineJobData = z.infer<typeof pipelineJobData>;

/** An outbound event as posted to `PIPELINE_WEBHOOK_URL`. */
export const pipelineJobEvent = z.object({
  event_id: eventId,
  type: z.enum(pipelineJobTypes),
  /** When Loupe queued it (ISO). */
  created_at: z.string(),
  data: pipelineJobData,
});
export type PipelineJobEvent = z.infer<typeof pipelineJobEvent>;

const count = z.number().int().min(0).max(10_000_000);
const base = { event_id: eventId };

/** The events the service sends back (inbound); each moves one project or model one step. */
export const pipelineCallback = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('project.processing'), project_id: id }).strict(),
  z
    .object({ ...base, type: z.literal('project.ready'), project_id: id, edits_sent: count, images: count.optional() })
    .strict(),
  z.object({ ...base, type: z.literal('project.failed'), project_id: id, reason: z.string().min(1).max(500) }).strict(),
  z.object({ ...base, type: z.literal('model.processing'), model_id: id }).strict(),
  z
    .object({ ...base, type: z.literal('model.ready'), model_id: id, photos: count, projects: count.optional() })
    .strict(),
  z
    .object({
      ...base,
      type: z.literal('model.failed'),
      model_id: id,
      fail_reason: z.string().min(1).max(500),
      photos: count.optional(),
    })
    .strict(),
]);
export type PipelineCallback = z.infer<typeof pipelineCallback>;
export type PipelineCallbackType = PipelineCallback['type'];

/** The project statuses each project callback moves from, and to. */
export const pipelineProjectMoves = {
  'project.processing': { from: ['UPLOADED'], to: 'PROCESSING' },
  'project.ready': { from: ['PROCESSING'], to: 'READY' },
  'project.failed': { from: ['UPLOADED', 'PROCESSING'], to: 'FAILED' },
} as const;

/** The model states each model callback moves from, and to. */
export const pipelineModelMoves = {
  'model.processing': { from: ['PENDING'], to: 'PROCESSING' },
  'model.ready': { from: ['PROCESSING'], to: 'READY' },
  'model.failed': { from: ['PENDING', 'PROCESSING'], to: 'FAIL' },
} as const;
