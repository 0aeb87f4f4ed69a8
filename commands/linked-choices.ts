import { api } from '../domain/api';
import { countOf } from '../domain/labels';
import type { ModelProject } from '../domain/models';
import { type FinetuneRow, modelStateLabels } from '../domain/profiles';
import { type CustomerRow, customerStatusLabels, subscriptionLabels } from '../domain/users';
import { formatDate } from '../src/ui/dates';
import { typedId } from '../src/ui/fields/rank-choices';
import type { FieldChoice } from '../src/ui/fields/types';
import { choicesFrom, type FieldContext, type FieldSpec } from './define';

/*
 * Choosers whose records are found by a search on the server (customers, a profile by its id) or hang on another field
 * of the same form (a profile's models, a model's training projects). The option mappers are pure (tested in
 * tests/unit/record-choices.test.ts).
 */

/** A customer: name (else e-mail), then since when, status, e-mail, plan. */
export function customerChoices(customers: readonly CustomerRow[]): FieldChoice[] {
  return customers.map((customer) => ({
    value: String(customer.id),
    label: `${customer.first_name} ${customer.last_name}`.trim() || customer.email,
    details: [
      formatDate(customer.date_added),
      customerStatusLabels[customer.status],
      customer.email,
      subscriptionLabels[customer.subscription_type],
    ],
  }));
}

/** The customer search (id, e-mail, name, business; top 20), once text is typed: customers are many. */
const customerSearch = choicesFrom(
  api.users.search,
  (_, query) => {
    const text = query.replace(/^#\s*/, '');
    return text ? { params: { query: text } } : null;
  },
  (answer) => customerChoices(answer.users),
);

export const customerField: FieldSpec = {
  kind: 'record',
  label: 'Customer',
  numeric: true,
  placeholder: 'Type part of their name, e-mail or id',
  choices: customerSearch,
};

/** Several customers: each picked by name or e-mail (it adds its id), or ids typed with commas. */
export const customerIdsField: FieldSpec = {
  kind: 'record',
  label: 'Customers',
  multiple: true,
  placeholder: 'Type a name or e-mail, Enter; or ids: 101, 102',
  choices: customerSearch,
};

/** The id another field of the form holds (typed or picked), or undefined. */
function idIn(context: FieldContext, name: string): string | undefined {
  const value = context.values?.[name];
  return typeof value === 'string' ? typedId(value) : undefined;
}

/** The models a profile can revert to (those its finetune history offers REVERT on), newest first. */
export function revertModelChoices(rows: readonly FinetuneRow[]): FieldChoice[] {
  return rows
    .filter((row) => row.action === 'REVERT')
    .map((row) => ({
      value: String(row.model_id),
      label: `Model of ${formatDate(row.creation_date)}`,
      details: [modelStateLabels[row.state], countOf(row.photos_in_model, 'photo')],
    }));
}

/** The model a profile reverts to: its finetune history, once the profile is chosen. */
export const revertModelField: FieldSpec = {
  kind: 'record',
  label: 'Model',
  numeric: true,
  placeholder: 'Empty: the newest earlier model',
  hint: 'The models this profile can go back to; the finetune history fills this in.',
  choices: choicesFrom(
    api.profiles.finetuneHistory,
    (context) => {
      const profileId = idIn(context, 'profile_id');
      return profileId ? { params: { profile_id: Number(profileId) } } : null;
    },
    (answer) => revertModelChoices(answer.rows),
  ),
};

/** A model's training projects that the command can act on: the excluded ones to include, or the others. */
export function trainingProjectChoices(projects: readonly ModelProject[], excluded: boolean): FieldChoice[] {
  return projects
    .filter((project) => project.is_excluded === excluded)
    .map((project) => ({
      value: String(project.id),
      label: project.name,
      details: [
        formatDate(project.upload_date),
        `${project.number_of_photos.done.toLocaleString('en-US')} of ${countOf(project.number_of_photos.total, 'photo')} done`,
        project.is_excluded ? 'Left out of training' : 'In training',
      ],
    }));
}

/** A training project of the chosen model (its evidence); `excluded`: the ones left out (to include again). */
export function trainingProjectField(excluded: boolean): FieldSpec {
  return {
    kind: 'record',
    label: 'Training project',
    numeric: true,
    placeholder: 'Type part of its name, its date or id',
    hint: excluded ? 'The projects left out of this model’s training.' : 'The projects this model trains on.',
    choices: choicesFrom(
      api.models.detail,
      (context) => {
        const modelId = idIn(context, 'model_id');
        // A fixed body: the model's whole evidence (no sidebar selection).
        return modelId ? { params: { model_id: Number(modelId) }, body: {} } : null;
      },
      (answer) => trainingProjectChoices(answer.projects, excluded),
    ),
  };
}

/** Another customer's profile, named by its id: the chooser shows whose profile it is before it is copied. */
export const otherProfileField: FieldSpec = {
  kind: 'record',
  label: 'Profile',
  numeric: true,
  placeholder: 'Its id, e.g. 1508 (from the owner’s Profiles tab)',
  hint: 'The customer gets a copy of it, with the model it edits with.',
  choices: choicesFrom(
    api.palette.find,
    (_, query) => {
      const id = typedId(query);
      return id ? { query: { q: `profile #${id}` } } : null;
    },
    (answer) =>
      answer.records
        .filter((record) => record.kind === 'profile')
        .map((record) => ({
          value: record.key,
          label: record.title,
          details: [record.detail, record.customer ? record.customer.email : ''],
        })),
  ),
};
