import { describe, expect, it } from 'vitest';
import {
  bannerChoices,
  bundleChoices,
  marketingActivityChoices,
  modelChoices,
  notificationChoices,
  partnerField,
  staffChoices,
} from '../../commands/record-choices';
import type { BannerRow } from '../../domain/marketing';
import type { ModelRow } from '../../domain/models';
import type { NotificationRow } from '../../domain/notifications';
import type { BundleRow } from '../../domain/partner-bundles';
import type { MarketingActivityRow } from '../../domain/partner-marketing';
import type { StaffRow } from '../../domain/staff';
import { rankChoices } from '../../src/ui/fields/rank-choices';

// Only the fields a choice reads; the rest of a row does not matter here.
const as = <T>(rows: readonly Partial<T>[]) => rows as T[];
const usd = (cents: number) => ({ amount: cents, multiplier: 100 as const, symbol: '$' });

describe('record choice sources', () => {
  it('a model reads name, start date, state in words and its owner; a fragment of the e-mail finds it', () => {
    const choices = modelChoices(
      as<ModelRow>([
        {
          id: 77,
          name: 'Moody film v2',
          profile_name: 'Moody film',
          user_email: 'scook@studio.com',
          date_started_the_process: '2026-11-02T10:00:00Z',
          created_at: '2026-11-01T10:00:00Z',
          state: 'READY',
        },
        {
          id: 78,
          name: '',
          profile_name: 'Bright',
          user_email: 'ann@x.com',
          date_started_the_process: null,
          created_at: '2026-11-03T10:00:00Z',
          state: 'PENDING',
        },
      ]),
    );
    expect(choices[0]).toMatchObject({ value: '77', label: 'Moody film v2' });
    expect(choices[0]?.details[0]).toBe('2 Nov 2026');
    expect(choices[0]?.details[1]).not.toMatch(/^[A-Z_]+$/);
    // No name yet: the profile's, and the creation date while it waits.
    expect(choices[1]).toMatchObject({ value: '78', label: 'Bright' });
    expect(choices[1]?.details[0]).toBe('3 Nov 2026');
    expect(rankChoices(choices, 'scook').map((c) => c.value)).toEqual(['77']);
    expect(rankChoices(choices, '#78').map((c) => c.value)).toEqual(['78']);
  });

  it('a bundle shows its price and whether it is in the shop; deleted bundles are not offered', () => {
    const choices = bundleChoices(
      as<BundleRow>([
        {
          bundle_id: 5,
          bundle_name: 'Wedding presets',
          seller_name: 'Ann',
          date: '2026-10-01',
          price: usd(4900),
          is_in_shop: true,
          is_deleted: false,
        },
        {
          bundle_id: 4,
          bundle_name: 'Old pack',
          seller_name: 'Ann',
          date: '2026-09-01',
          price: usd(100),
          is_in_shop: false,
          is_deleted: true,
        },
      ]),
    );
    expect(choices).toEqual([
      { value: '5', label: 'Wedding presets', details: ['1 Oct 2026', 'In the shop', '$49.00', 'Ann'] },
    ]);
    expect(rankChoices(choices, '49.00').map((c) => c.value)).toEqual(['5']);
  });

  it('a notification reads its title, send date, state in words and its recipients (plural)', () => {
    const [one, many] = notificationChoices(
      as<NotificationRow>([
        {
          id: 9,
          title: 'Spring sale',
          sent_time: null,
          send_at: '2026-12-01T09:00:00Z',
          sending_state: 'SCHEDULED',
          recipients_total: 1,
        },
        {
          id: 8,
          title: 'Welcome',
          sent_time: '2026-11-20T09:00:00Z',
          send_at: null,
          sending_state: 'SENT',
          recipients_total: 1200,
        },
      ]),
    );
    expect(one).toMatchObject({ value: '9', label: 'Spring sale' });
    expect(one?.details[0]).toBe('1 Dec 2026');
    expect(one?.details[2]).toBe('1 recipient');
    // Counts read as everywhere else in the console (countOf): grouped thousands.
    expect(many?.details[2]).toBe('1,200 recipients');
  });

  it('banners and staff are listed newest first whatever the list order', () => {
    const banners = bannerChoices(
      as<BannerRow>([
        {
          banner_id: 1,
          banner_type: 'APP',
          status: 'LIVE',
          order: 1,
          start_date: '2026-01-01',
          end_date: '2026-02-01',
          redirect_url: '/a',
        },
        {
          banner_id: 2,
          banner_type: 'APP',
          status: 'PLANNED',
          order: 2,
          start_date: '2026-03-01',
          end_date: '2026-04-01',
          redirect_url: '/b',
        },
      ]),
    );
    expect(banners.map((c) => c.value)).toEqual(['2', '1']);
    expect(banners[0]?.details[1]).toBe('Planned');
    const staff = staffChoices(
      as<StaffRow>([
        {
          id: 1,
          first_name: 'Ann',
          last_name: 'Lee',
          email: 'ann@loupe.dev',
          role: 'ADMIN',
          status: 'ACTIVE',
          created_at: '2025-01-01',
        },
        {
          id: 2,
          first_name: 'Bo',
          last_name: 'Ray',
          email: 'bo@loupe.dev',
          role: 'SUPPORT_PL1',
          status: 'INVITED',
          created_at: '2026-01-01',
        },
      ] as Partial<StaffRow>[]),
    );
    expect(staff.map((c) => c.label)).toEqual(['Bo Ray', 'Ann Lee']);
    expect(staff.flatMap((c) => c.details).join(' ')).not.toMatch(
      /\b[A-Z][A-Z0-9]+(_[A-Z0-9]+)+\b|\bACTIVE\b|\bINVITED\b/,
    );
    expect(rankChoices(staff, 'ann@').map((c) => c.value)).toEqual(['1']);
  });

  it('a marketing activity shows its cost and days', () => {
    const [choice] = marketingActivityChoices(
      as<MarketingActivityRow>([
        {
          id: 3,
          activity_name: 'Black Friday push',
          start_date: '2026-11-27',
          num_of_activity_days: 1,
          cost: usd(25050),
        },
      ]),
    );
    expect(choice).toEqual({ value: '3', label: 'Black Friday push', details: ['27 Nov 2026', '1 day', '$250.50'] });
  });

  it('the partner chooser searches on the server only once something is typed, without the # of an id', () => {
    const source = partnerField.choices;
    expect(source).toBeDefined();
    const context = { role: null, target: undefined };
    expect(source?.input(context, '')).toBeNull();
    expect(source?.input(context, '#')).toBeNull();
    expect(source?.input(context, '#42')).toEqual({ params: { query: '42' } });
    expect(source?.input(context, 'acme')).toEqual({ params: { query: 'acme' } });
  });
});
