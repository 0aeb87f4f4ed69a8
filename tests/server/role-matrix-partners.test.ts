import { api as catalogue } from '../../domain/api';
import { insertActivity, insertBundle, insertMarketingActivity, insertPartner, versionOf } from './support/partners';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

let unique = 0;
const next = () => {
  unique += 1;
  return `${unique}${Date.now().toString(36)}`;
};
const none: Sample = async () => ({});
const listBody: Sample = async () => ({ body: {} });
const partnerSample: Sample = async (api) => ({ params: { partner_id: (await insertPartner(api.db)).id } });
const activityBody = (partnerId: number) => ({
  partner_id: partnerId,
  type: 'BLOG',
  cost: 100,
  base_url: 'https://loupe.example/signup',
  utm_source: 'blog',
  utm_medium: 'referral',
  utm_campaign: `matrix_${next()}`,
});
const bundleIn =
  (state: 'draft' | 'shop'): Sample =>
  async (api) => ({
    params: { bundle_id: (await insertBundle(api.db, { isInShop: state === 'shop' })).id },
  });

/**
 * The partners area needs partner_managment; deleting activities delete_activities; adding campaigns add_campaign; the
 * bundle page actions bundle_page_creation (roles without them get 403 and nothing changes).
 */
describeRoleMatrix(
  'partners',
  [
    ...Object.values(catalogue.partners),
    ...Object.values(catalogue.partnerActivities),
    ...Object.values(catalogue.marketingActivities),
    ...Object.values(catalogue.bundles),
  ],
  {
    'partners.filter': listBody,
    'partners.types': none,
    'partners.owners': none,
    'partners.search': async () => ({ params: { query: 'partner' } }),
    'partners.create': async () => ({
      body: { name: 'Matrix', type: 'EVENT', email: `m${next()}@partners.example`, ref: `m${next()}` },
    }),
    'partners.update': async (api) => {
      const partner = await insertPartner(api.db);
      return {
        params: { partner_id: partner.id },
        body: { name: 'Renamed', updated_at: await versionOf(api.db, 'partners', partner.id) },
      };
    },
    'partners.remove': partnerSample,
    'partners.isEmailAvailable': async () => ({ query: { email: 'free@partners.example' } }),
    'partners.isRefAvailable': async () => ({ query: { ref: 'free-ref' } }),
    'partners.createProfilePage': async (api) => ({ body: { partner_id: (await insertPartner(api.db)).id } }),
    'partnerActivities.filter': listBody,
    'partnerActivities.create': async (api) => ({ body: activityBody((await insertPartner(api.db)).id) }),
    'partnerActivities.update': async (api) => {
      const activity = await insertActivity(api.db, (await insertPartner(api.db)).id);
      return {
        params: { activity_id: activity.id },
        body: { cost: 5, updated_at: await versionOf(api.db, 'partner_activities', activity.id) },
      };
    },
    'partnerActivities.remove': async (api) => ({
      params: { activity_id: (await insertActivity(api.db, (await insertPartner(api.db)).id)).id },
    }),
    'partnerActivities.campaigns': none,
    'partnerActivities.createCampaign': async () => ({ body: { name: `camp_${next()}` } }),
    'partnerActivities.activityTypes': none,
    'partnerActivities.isUniqueCampaign': async () => ({ query: { name: 'new_campaign' } }),
    'partnerActivities.isUniqueUtm': async () => ({ query: { utm_source: 'blog', utm_campaign: 'free_one' } }),
    'partnerActivities.utmSources': none,
    'partnerActivities.utmMediums': none,
    'partnerActivities.isValidSlug': async () => ({ query: { slug: 'free-slug' } }),
    'marketingActivities.filter': listBody,
    'marketingActivities.create': async () => ({
      body: {
        activity_name: 'Matrix campaign',
        cost: 10,
        start_date: '2026-09-01',
        num_of_activity_days: 5,
        base_url: 'https://loupe.example/pricing',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: `mkt_${next()}`,
      },
    }),
    'marketingActivities.update': async (api) => {
      const activity = await insertMarketingActivity(api.db);
      return {
        params: { marketing_activity_id: activity.id },
        body: { cost: 5, updated_at: await versionOf(api.db, 'marketing_activities', activity.id) },
      };
    },
    'marketingActivities.remove': async (api) => ({
      params: { marketing_activity_id: (await insertMarketingActivity(api.db)).id },
    }),
    'bundles.list': none,
    'bundles.addToShop': bundleIn('draft'),
    'bundles.reCreate': bundleIn('shop'),
    'bundles.reOrder': async (api) => ({
      params: { bundle_id: (await insertBundle(api.db)).id },
      body: { photos: ['c.jpg', 'a.jpg', 'b.jpg'] },
    }),
    'bundles.activateShopDiscount': async (api) => ({
      params: { bundle_id: (await insertBundle(api.db)).id },
      body: { discount_percentage: 20, start_date: '2026-12-01', expiry_date: '2026-12-31' },
    }),
    'bundles.update': async (api) => ({
      params: { bundle_id: (await insertBundle(api.db, { isInShop: true })).id },
      body: { price: 39 },
    }),
    'bundles.remove': bundleIn('shop'),
  },
);
