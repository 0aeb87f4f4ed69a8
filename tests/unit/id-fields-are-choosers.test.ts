import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../commands/define';
import { commands } from '../../commands/index';
import { customerNotificationChoices } from '../../commands/users/notification-choice';

/**
 * Ids that are typed (or filled in) on purpose, not picked: each names no record a list call could offer.
 * Keys are `command id.parameter`.
 */
const typedIds: Readonly<Record<string, string>> = {
  // The uploads' ids, filled in by the Banners tab's upload: an upload is no record until the banner is made.
  'banner.create.photo_upload_id': 'filled in by the upload',
  'banner.create.mobile_photo_upload_id': 'filled in by the upload',
  // A new A/B test's feature key (e.g. pricing-page), a name the person makes up: no record has it yet.
  'ab-test.create.feature_id': 'a new key, made up',
};

/** Every command parameter named `id` or `…_id` (`…_ids`), with its field. */
function idParameters(): { key: string; field: FieldSpec }[] {
  return commands.flatMap((command) => {
    const fields: Readonly<Record<string, FieldSpec>> =
      ('params' in command && command.params ? command.params.fields : undefined) ?? {};
    return Object.entries(fields)
      .filter(([name]) => /(^|_)ids?$/.test(name))
      .map(([name, field]) => ({ key: `${command.id}.${name}`, field }));
  });
}

describe('record ids are picked, never typed blind (issue 18, item 1)', () => {
  it('every `_id` parameter is a chooser with a list call (a select or a yes/no is a pick too), save the allow-list', () => {
    const blind = idParameters()
      .filter(({ key }) => !(key in typedIds))
      .filter(({ field }) => {
        if (field.kind === 'record') return field.choices === undefined;
        return field.kind !== 'select' && field.kind !== 'checkbox';
      })
      .map(({ key, field }) => `${key} (${field.kind})`);
    expect(blind).toEqual([]);
  });

  it('the allow-list names only parameters that exist and are typed', () => {
    const found = new Map(idParameters().map(({ key, field }) => [key, field.kind]));
    for (const key of Object.keys(typedIds)) expect([key, found.get(key)]).toEqual([key, 'text']);
  });

  it('deleting a customer’s notification picks it from their notifications, by title', () => {
    const delete_ = commands.find((command) => command.id === 'user.delete-notification');
    const field = delete_ && 'params' in delete_ ? delete_.params?.fields.notification_id : undefined;
    expect(field?.kind).toBe('record');
    expect(
      customerNotificationChoices([
        {
          id: 41,
          category: 'MY_ACCOUNT',
          title: 'Your invoice is ready',
          content: '…',
          status: 'Sent',
          sent_time: '2026-11-20T10:00:00Z',
          read_time: null,
          quick_actions: [],
        },
      ]),
    ).toEqual([{ value: '41', label: 'Your invoice is ready', details: ['sent 20 Nov 2026', 'unread', 'My account'] }]);
  });

  it('opening a model’s profile picks its owner like opening its customer does', () => {
    const open = commands.find((command) => command.id === 'model.open-profile');
    const field = open && 'params' in open ? open.params?.fields.user_id : undefined;
    expect(field?.kind).toBe('record');
    expect(field?.numeric).toBe(true);
  });
});
