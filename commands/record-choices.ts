import type { AbTestRow } from '../domain/ab-tests';
import { api } from '../domain/api';
import { countOf } from '../domain/labels';
import type { BannerRow, PromotionLinkRow } from '../domain/marketing';
import {
  bannerStatusLabels,
  bannerTypeLabels,
  promotionBenefitLabels,
  promotionLinkStateLabels,
} from '../domain/marketing';
import type { ModelRow } from '../domain/models';
import { formatMoney } from '../domain/money';
import type { NotificationRow } from '../domain/notifications';
import { sendingStateLabels } from '../domain/notifications';
import type { ActivityRow } from '../domain/partner-activities';
import type { BundleRow } from '../domain/partner-bundles';
import type { MarketingActivityRow } from '../domain/partner-marketing';
import { activityTypeLabels, partnerTypeLabels } from '../domain/partner-vocabulary';
import type { PartnerRow } from '../domain/partners';
import { modelStateLabels } from '../domain/profiles';
import { roleLabels } from '../domain/roles';
import type { StaffRow } from '../domain/staff';
import { staffStatusLabels } from '../domain/staff';
import { formatDate } from '../src/ui/dates';
import type { FieldChoice } from '../src/ui/fields/types';
import { choicesFrom, type FieldSpec } from './define';

/*
 * The record choosers of the operations pages (issue 18 item 1): each over the page's own list call, newest first,
 * filtered in the browser by `rankChoices` (name, date, status, amount, id). Each option reads: name, then date, status,
 * amount where the record has one; the id is shown by the chooser (`#id`).
 */

/** A model: its name, owner, state, start date. Newest first (the list's default order). */
export function modelChoices(models: readonly ModelRow[]): FieldChoice[] {
  return models.map((model) => ({
    value: String(model.id),
    label: model.name || model.profile_name,
    details: [
      formatDate(model.date_started_the_process ?? model.created_at),
      modelStateLabels[model.state],
      model.user_email,
      model.profile_name,
    ],
  }));
}

/** A shop bundle: its name, seller, date, price; deleted ones are left out (no command acts on them). */
export function bundleChoices(bundles: readonly BundleRow[]): FieldChoice[] {
  return bundles
    .filter((bundle) => !bundle.is_deleted)
    .map((bundle) => ({
      value: String(bundle.bundle_id),
      label: bundle.bundle_name,
      details: [
        formatDate(bundle.date),
        bundle.is_in_shop ? 'In the shop' : 'Not in the shop',
        formatMoney(bundle.price),
        bundle.seller_name,
      ],
    }));
}

/** A notification: its title, when it was (or will be) sent, its sending state, how many it reaches. */
export function notificationChoices(notifications: readonly NotificationRow[]): FieldChoice[] {
  return notifications.map((notification) => ({
    value: String(notification.id),
    label: notification.title,
    details: [
      formatDate(notification.sent_time ?? notification.send_at),
      sendingStateLabels[notification.sending_state],
      countOf(notification.recipients_total, 'recipient'),
    ],
  }));
}

/** An A/B test: its feature, creation date, whether it is running, its feature id. */
export function abTestChoices(tests: readonly AbTestRow[]): FieldChoice[] {
  return tests.map((test) => ({
    value: String(test.id),
    label: test.feature_label || test.feature_id,
    details: [formatDate(test.created_at), test.is_done ? 'Finished' : 'Running', test.feature_id],
  }));
}

/** A banner: its type and place in the carousel, its dates, live or planned. Newest start first. */
export function bannerChoices(banners: readonly BannerRow[]): FieldChoice[] {
  return [...banners]
    .sort((a, b) => b.start_date.localeCompare(a.start_date) || b.banner_id - a.banner_id)
    .map((banner) => ({
      value: String(banner.banner_id),
      label: `${bannerTypeLabels[banner.banner_type]} banner, position ${banner.order}`,
      details: [
        `${formatDate(banner.start_date)} – ${formatDate(banner.end_date)}`,
        bannerStatusLabels[banner.status],
        banner.redirect_url,
      ],
    }));
}

/** A promotion link: its slug (or address), creation date, state, benefit. */
export function promotionLinkChoices(links: readonly PromotionLinkRow[]): FieldChoice[] {
  return links.map((link) => ({
    value: String(link.id),
    label: link.slug ?? link.url,
    details: [
      formatDate(link.created_at),
      promotionLinkStateLabels[link.state],
      promotionBenefitLabels[link.benefit],
      link.created_by,
    ],
  }));
}

/** A staff member: name, e-mail, role, status. Newest account first. */
export function staffChoices(staff: readonly StaffRow[]): FieldChoice[] {
  return [...staff]
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
    .map((row) => ({
      value: String(row.id),
      label: `${row.first_name} ${row.last_name}`.trim() || row.email,
      details: [formatDate(row.created_at), staffStatusLabels[row.status], row.email, roleLabels[row.role]],
    }));
}

const placeholder = 'Type part of its name, its date or id';

/** The newest models (one page); a model further back is found by its id. */
const modelPage = { filters: [], page_size: 200 };

export const modelField: FieldSpec = {
  kind: 'record',
  label: 'Model',
  numeric: true,
  placeholder: 'Type part of its name, owner’s e-mail or id',
  hint: 'The models list and the model page fill this in.',
  choices: choicesFrom(
    api.models.list,
    () => ({ body: modelPage }),
    (answer) => modelChoices(answer.models),
  ),
};

export const bundleRecordField: FieldSpec = {
  kind: 'record',
  label: 'Bundle',
  numeric: true,
  placeholder,
  hint: 'Row menus on the Bundles tab fill this in.',
  choices: choicesFrom(
    api.bundles.list,
    () => ({}),
    (answer) => bundleChoices(answer.bundles),
  ),
};

export const notificationField: FieldSpec = {
  kind: 'record',
  label: 'Notification',
  numeric: true,
  placeholder: 'Type part of its title, its date or id',
  choices: choicesFrom(
    api.notifications.list,
    () => ({}),
    (answer) => notificationChoices(answer.notifications),
  ),
};

export const abTestField: FieldSpec = {
  kind: 'record',
  label: 'A/B test',
  numeric: true,
  placeholder: 'Type part of its feature, its date or id',
  choices: choicesFrom(
    api.abTests.list,
    () => ({}),
    (answer) => abTestChoices(answer.tests),
  ),
};

export const bannerField: FieldSpec = {
  kind: 'record',
  label: 'Banner',
  numeric: true,
  placeholder: 'Type its type, position, date or id',
  choices: choicesFrom(
    api.marketing.banners,
    () => ({}),
    (answer) => bannerChoices(answer.banners),
  ),
};

export const promotionLinkField: FieldSpec = {
  kind: 'record',
  label: 'Promotion link',
  numeric: true,
  placeholder: 'Type part of its slug, its date or id',
  hint: 'The offer generator’s list fills this in.',
  choices: choicesFrom(
    api.marketing.links,
    () => ({}),
    (answer) => promotionLinkChoices(answer.links),
  ),
};

export const staffMemberField: FieldSpec = {
  kind: 'record',
  label: 'Staff member',
  numeric: true,
  placeholder: 'Type part of their name, e-mail or id',
  choices: choicesFrom(
    api.staffAccounts.list,
    () => ({}),
    (answer) => staffChoices(answer.staff),
  ),
};

/** A partner: name, ref, e-mail, type. */
export function partnerChoices(partners: readonly PartnerRow[]): FieldChoice[] {
  return partners.map((partner) => ({
    value: String(partner.id),
    label: partner.name,
    details: [formatDate(partner.updated_at), partnerTypeLabels[partner.type], partner.ref, partner.email],
  }));
}

/** A partner activity: its partner and description, event date. */
export function activityChoices(activities: readonly ActivityRow[]): FieldChoice[] {
  return activities.map((activity) => ({
    value: String(activity.id),
    label: activity.description ? `${activity.partner_name}: ${activity.description}` : activity.partner_name,
    details: [formatDate(activity.event_date), activityTypeLabels[activity.type]],
  }));
}

/** A marketing activity: its name, start date, cost. */
export function marketingActivityChoices(activities: readonly MarketingActivityRow[]): FieldChoice[] {
  return activities.map((activity) => ({
    value: String(activity.id),
    label: activity.activity_name,
    details: [
      formatDate(activity.start_date),
      countOf(activity.num_of_activity_days, 'day'),
      formatMoney(activity.cost),
    ],
  }));
}

/** The newest rows of a filtered list (newest first is each list's default order). */
const newestPage = { filters: [], page_size: 200 };

export const partnerField: FieldSpec = {
  kind: 'record',
  label: 'Partner',
  numeric: true,
  placeholder: 'Type part of its name, ref, e-mail or id',
  hint: 'Row menus on the Partners tab fill this in.',
  // The server's partner search (id, name, e-mail, ref; top 20): partners are many, so the list waits for text.
  choices: choicesFrom(
    api.partners.search,
    (_, query) => (query.replace(/^#/, '') ? { params: { query: query.replace(/^#/, '') } } : null),
    (answer) => partnerChoices(answer.partners),
  ),
};

export const partnerActivityField: FieldSpec = {
  kind: 'record',
  label: 'Activity',
  numeric: true,
  placeholder: 'Type its partner, description, date or id',
  hint: 'Row menus on the activities tab fill this in.',
  choices: choicesFrom(
    api.partnerActivities.filter,
    () => ({ body: newestPage }),
    (answer) => activityChoices(answer.activities),
  ),
};

export const marketingActivityField: FieldSpec = {
  kind: 'record',
  label: 'Marketing activity',
  numeric: true,
  placeholder: 'Type part of its name, its date or id',
  hint: 'Row menus fill this in.',
  choices: choicesFrom(
    api.marketingActivities.filter,
    () => ({ body: newestPage }),
    (answer) => marketingActivityChoices(answer.marketing_activities),
  ),
};
