import { labelledEnums, optionLabelsOf, refusalOf } from '../../domain/labels';
import { type Currency, money } from '../../domain/money';
import type { Permission } from '../../domain/permissions';
import {
  type EditingProjectAction,
  type EditingProjectRow,
  editingProjectActions,
  type VideoProjectRow,
} from '../../domain/projects';
import type { Header, QuickAction } from '../../domain/tables';
import type { projects } from '../db/schema';
import { isoTimestamp, isoTimestampOrNull } from '../db/timestamps';
import { type Billing, refundBlock } from './paid';

export type ProjectRecord = typeof projects.$inferSelect;

const enumColumns: Record<string, keyof typeof labelledEnums> = {
  project_status: 'projectStatus',
  project_type: 'editingProjectType',
  advanced_options: 'advancedOption',
};

/** Builds headers from `[key, label, type, sortable, visible]`. */
function headers(columns: readonly (readonly [string, string, Header['type'], boolean, boolean])[]): Header[] {
  return columns.map(([key, label, type, sortable, visible]) => {
    const labelled = enumColumns[key] ? labelledEnums[enumColumns[key]] : undefined;
    return {
      key,
      label,
      type,
      sortable,
      filter: null,
      ...(labelled ? { options: [...labelled.values], option_labels: optionLabelsOf(labelled) } : {}),
      default_visible: visible,
    };
  });
}

/** The editing list's columns; the sortable ones are `editingProjectSorts`. */
export const editingProjectHeaders = headers([
  ['id', 'Id', 'NUMBER', false, true],
  ['date', 'Date', 'DATETIME', true, true],
  ['project_name', 'Project', 'TEXT', true, true],
  ['project_type', 'Type', 'TAG', false, true],
  ['project_status', 'Status', 'STATUS', false, true],
  ['selected_profile', 'Profile', 'TEXT', false, true],
  ['number_of_images_sent', 'Photos sent', 'NUMBER', true, true],
  ['number_of_edit_sent', 'Edits sent', 'NUMBER', false, false],
  ['number_of_edits_to_charge', 'Edits charged', 'NUMBER', false, true],
  ['advanced_options', 'Advanced options', 'TAG', false, true],
  ['delivery_to_gallery', 'Gallery', 'TEXT', false, false],
  ['total_charge', 'Total charge', 'CURRENCY', true, true],
  ['invoice', 'Invoice', 'LINK', false, true],
  ['paid', 'Paid', 'BOOLEAN_CHECK', false, false],
  ['sent_final_edit_date', 'Delivered', 'DATETIME', false, false],
  ['catalog_path', 'Catalog', 'TEXT', false, false],
  ['software_version', 'Plug-in version', 'TEXT', false, false],
  ['quick_actions', 'Actions', 'ROW_MENU', false, true],
]);

export const videoProjectHeaders = headers([
  ['id', 'Id', 'NUMBER', false, true],
  ['date', 'Date', 'DATETIME', true, true],
  ['project_name', 'Project', 'TEXT', true, true],
  ['project_status', 'Status', 'STATUS', false, true],
  ['duration_minutes', 'Minutes', 'NUMBER', false, true],
  ['number_of_clips', 'Clips', 'NUMBER', false, true],
  ['quick_actions', 'Actions', 'ROW_MENU', false, true],
]);

export const teachingProjectHeaders = headers([
  ['upload_date', 'Uploaded', 'DATETIME', false, true],
  ['project_name', 'Project', 'TEXT', false, true],
  ['number_of_images_sent', 'Photos', 'NUMBER', false, true],
  ['teach', 'Teach', 'BOOLEAN_CHECK', false, true],
  ['finetune', 'Finetune', 'BOOLEAN_CHECK', false, true],
]);

export const additionalProjectHeaders = headers([
  ['upload_date', 'Uploaded', 'DATETIME', false, true],
  ['project_name', 'Project', 'TEXT', false, true],
  ['photos_in_project', 'Photos', 'NUMBER', false, true],
  ['edited_with_imagen', 'Edited with the service', 'BOOLEAN_CHECK', false, true],
]);

const actionPermission: Record<EditingProjectAction, Permission> = {
  REFUND: 'refund',
  DOWNLOAD_PHOTOS_LOCALLY: 'download_user_photos',
  RE_EDIT: 'reedit_project',
  EMAIL_EDITED_PHOTOS: 'email_edited_photos',
};

const delivered = (project: ProjectRecord) => project.status === 'READY' || project.status === 'DOWNLOADED';

/** Why an editing project's action cannot run now (null: it can). */
function stateReason(
  action: EditingProjectAction,
  project: ProjectRecord,
  billing: Billing | null,
  refunded: number,
): string | null {
  if (action === 'REFUND') return refundBlock(project, billing, refunded);
  if (action === 'RE_EDIT') return delivered(project) ? null : 'The project is in the queue already';
  return delivered(project) ? null : 'The edits are not delivered yet';
}

function editingActions(
  project: ProjectRecord,
  can: (p: Permission) => boolean,
  billing: Billing | null,
  refunded: number,
): QuickAction[] {
  return editingProjectActions.map((name) => {
    const reason = can(actionPermission[name])
      ? stateReason(name, project, billing, refunded)
      : refusalOf(actionPermission[name]);
    return { name, is_disabled: reason !== null, disable_message: reason };
  });
}

/** An editing project as the Projects tab's row; `invoice`: the billing charge's invoice number, if any. */
export function editingProjectRow(
  project: ProjectRecord,
  context: {
    currency: Currency;
    profileName: string | null;
    invoice: EditingProjectRow['invoice'];
    can: (p: Permission) => boolean;
    /** The ledger row that billed it (null: none): what was paid, so what REFUND may give back. */
    billing: Billing | null;
    /** What was refunded of it so far (card and credit), in minor units: REFUND is off once it is all paid back. */
    refunded: number;
  },
): EditingProjectRow {
  return {
    id: project.id,
    project_name: project.name,
    project_type: project.projectType ?? 'EDIT',
    date: isoTimestamp(project.createdAt),
    delivery_to_gallery: project.deliveryToGallery
      ? { icon: 'GALLERY', tooltip: 'Also delivered to an online gallery' }
      : { icon: 'NONE', tooltip: 'Delivered to Lightroom only' },
    selected_profile:
      project.profileId !== null && context.profileName !== null
        ? { id: project.profileId, profile_name: context.profileName }
        : null,
    project_status: project.status,
    sent_final_edit_date: isoTimestampOrNull(project.sentFinalEditAt),
    catalog_path: project.catalogPath,
    number_of_images_sent: project.imagesSent,
    number_of_edit_sent: project.editsSent,
    number_of_edits_to_charge: project.editsToCharge,
    advanced_options: project.advancedOptions,
    total_charge: money(project.totalCharge, context.currency),
    invoice: context.invoice,
    paid: project.paid,
    software_version: project.softwareVersion,
    quick_actions: editingActions(project, context.can, context.billing, context.refunded),
  };
}

/** A video project as its row: VIDEO_EMAIL_PROJECT once delivered, with video_email_project. */
export function videoProjectRow(project: ProjectRecord, can: (p: Permission) => boolean): VideoProjectRow {
  const reason = !can('video_email_project')
    ? refusalOf('video_email_project')
    : delivered(project)
      ? null
      : 'The video is not delivered yet';
  return {
    id: project.id,
    project_name: project.name,
    date: isoTimestamp(project.createdAt),
    project_status: project.status,
    duration_minutes: project.durationMinutes ?? 0,
    number_of_clips: project.numberOfClips ?? 0,
    quick_actions: [{ name: 'VIDEO_EMAIL_PROJECT', is_disabled: reason !== null, disable_message: reason }],
  };
}
