import { z } from 'zod';
import { idParam } from './endpoint';
import { updateActivityBody } from './partner-activities';
import { reorderBody } from './partner-bundles';
import { updateMarketingActivityBody } from './partner-marketing';
import { createPartnerBody, updatePartnerBody } from './partners';

/**
 * The console's forms for partner calls whose bodies a form cannot mirror field for field: yes/no selects for flags
 * with a default (a checkbox cannot tell "unset" from "no"), the record's id and its version beside the body, the
 * photos typed one per line. The commands map each form to the body; the server checks it again.
 */

/** A yes/no select; empty keeps the body's default. */
const yesNo = z.enum(['true', 'false'], { error: 'choose yes or no' }).transform((value) => value === 'true');

export const createPartnerForm = createPartnerBody.extend({
  count_in_reports: yesNo.default(true),
  skip_base_payment: yesNo.default(false),
});

export const editPartnerForm = updatePartnerBody.extend({
  partner_id: idParam,
  count_in_reports: yesNo.optional(),
  skip_base_payment: yesNo.optional(),
});

/** `previous_slug`: the slug read (the activity's own slug needs no availability check); not sent. */
export const editActivityForm = updateActivityBody.extend({
  activity_id: idParam,
  previous_slug: z.string().optional(),
});

export const editMarketingActivityForm = updateMarketingActivityBody.extend({
  marketing_activity_id: idParam,
  previous_slug: z.string().optional(),
});

/** The photos as typed: one per line (or comma-separated), in the new order. */
export const reorderPhotosForm = z.object({
  bundle_id: idParam,
  photos: z
    .string()
    .transform((text) =>
      text
        .split(/[\n,]/)
        .map((photo) => photo.trim())
        .filter(Boolean),
    )
    .pipe(reorderBody.shape.photos),
});
