import type { PipelineJobData, PipelineJobType } from '../../../domain/integrations/pipeline';
import type { Database } from '../../db/client';
import { pipelineOutbox } from '../../db/schema';

/**
 * Queues a job event for the editing pipeline in `db`'s transaction: it is posted once that commits, and never if it
 * rolls back (the job and its event are one change). Answers the event id the receiver deduplicates on.
 */
export async function queuePipelineEvent(db: Database, type: PipelineJobType, data: PipelineJobData): Promise<string> {
  const [row] = await db.insert(pipelineOutbox).values({ type, data }).returning({ eventId: pipelineOutbox.eventId });
  if (!row) throw new Error('pipeline event not queued');
  return row.eventId;
}
