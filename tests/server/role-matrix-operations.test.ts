import { eq } from 'drizzle-orm';
import { api as catalogue } from '../../domain/api';
import {
  abTests,
  banners,
  jobItems,
  jobs,
  notificationBroadcasts,
  promotionLinks,
  staff,
  uploads,
} from '../../server/db/schema';
import { insertCustomer } from './support/fixtures';
import { pngImage } from './support/images';
import { describeRoleMatrix, type Sample } from './support/role-matrix';
import type { TestApi } from './support/test-api';
import { bucketForFile } from './support/test-bucket';

// Banner images in a bucket (a real S3-protocol server), so that `completeUpload` has something to complete; the local
// mode's upload route is tested in uploads.test.ts.
const held = bucketForFile();

/** A banner upload row (an unused URL, or with `stored` facts a used one whose image is in the store). */
async function insertUpload(api: TestApi, stored: Partial<typeof uploads.$inferInsert> = {}): Promise<string> {
  const [row] = await api.db
    .insert(uploads)
    .values({
      purpose: 'BANNER',
      fileName: 'matrix.png',
      createdBy: await anyStaffId(api),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      ...stored,
    })
    .returning({ id: uploads.id });
  return row?.id ?? '';
}

/** An upload whose PNG the browser has PUT to the bucket, not yet completed. */
async function putInBucket(api: TestApi): Promise<string> {
  const id = await insertUpload(api);
  const put = await held.bucket.client.fetch(held.bucket.objectUrl(`incoming/${id}`), {
    method: 'PUT',
    body: new Uint8Array(pngImage(64, 64)),
  });
  if (!put.ok) throw new Error(`PUT to the test bucket: ${put.status}`);
  return id;
}

async function anyStaffId(api: TestApi): Promise<number> {
  const [row] = await api.db.select({ id: staff.id }).from(staff).limit(1);
  return row?.id ?? 1;
}

/** A stored banner image, as if uploaded (the upload route itself is tested in uploads.test.ts). */
function uploadedImage(api: TestApi): Promise<string> {
  return insertUpload(api, {
    usedAt: new Date().toISOString(),
    storageKey: `banners/${crypto.randomUUID()}.png`,
    contentType: 'image/png',
    byteSize: pngImage(64, 64).length,
    width: 64,
    height: 64,
  });
}

async function banner(api: TestApi): Promise<number> {
  const image = await uploadedImage(api);
  const [row] = await api.db
    .insert(banners)
    .values({
      bannerType: 'APP',
      photoUploadId: image,
      mobilePhotoUploadId: image,
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 86_400_000).toISOString(),
      redirectUrl: '/offers',
      sortOrder: 1000 + Math.floor(Math.random() * 1_000_000),
      createdBy: await anyStaffId(api),
    })
    .returning({ id: banners.id });
  return row?.id ?? 0;
}

async function openTest(api: TestApi): Promise<number> {
  const [row] = await api.db
    .insert(abTests)
    .values({
      featureId: `matrix-${crypto.randomUUID()}`,
      featureLabel: 'Matrix',
      variants: [
        { name: 'a', percentage: 50 },
        { name: 'b', percentage: 50 },
      ],
      creatorId: await anyStaffId(api),
    })
    .returning({ id: abTests.id });
  return row?.id ?? 0;
}

const none: Sample = async () => ({});

const message = {
  title: 'Matrix',
  content: 'Sent by the role matrix',
  category: 'STATUS_UPDATE',
  sentiment: 'NEUTRAL',
  trigger_type: 'CAMPAIGN',
};

/** A scheduled broadcast (its job is far in the future, so nothing runs). */
async function scheduledBroadcast(api: TestApi): Promise<number> {
  const [row] = await api.db
    .insert(notificationBroadcasts)
    .values({
      ...message,
      triggerType: 'CAMPAIGN',
      segment: { filters: [] },
      output: {},
      state: 'SCHEDULED',
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      createdBy: await anyStaffId(api),
    })
    .returning({ id: notificationBroadcasts.id });
  return row?.id ?? 0;
}

/**
 * The operations center: area access is view_operations_center; promotion links need coupons, banners
 * banner_management; A/B tests view_operations_center and notifications banner_management
 * (docs/operations-center.md): ADMIN, MARKETER_PLUS and PARTNERS_MANAGER, every other role 403.
 */
describeRoleMatrix(
  'operations center',
  [
    ...Object.values(catalogue.marketing),
    ...Object.values(catalogue.abTests),
    ...Object.values(catalogue.notifications),
  ],
  {
    'marketing.linkFormData': none,
    'marketing.generateLink': async () => ({
      query: {
        benefit: '25_PERCENT',
        landing_page: 'CHECKOUT',
        source: 'CUSTOMER_MESSAGING',
        action: 'SUBSCRIBE',
        duration: '3',
        duration_unit: 'HOURS',
      },
    }),
    'marketing.links': none,
    'marketing.revokeLink': async (api) => {
      const [row] = await api.db
        .insert(promotionLinks)
        .values({
          benefit: '50_PERCENT',
          landingPage: 'CHECKOUT',
          source: 'CUSTOMER_MESSAGING',
          action: 'SUBSCRIBE',
          duration: 1,
          durationUnit: 'DAYS',
          url: 'http://localhost/p/x',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          createdBy: await anyStaffId(api),
        })
        .returning({ id: promotionLinks.id });
      return { params: { link_id: row?.id } };
    },
    'marketing.banners': none,
    'marketing.bannerFieldOptions': none,
    'marketing.uploadUrls': async () => ({ body: { files_list: ['desktop.png', 'mobile.png'] } }),
    'marketing.completeUpload': async (api) => ({ params: { upload_id: await putInBucket(api) } }),
    'marketing.createBanner': async (api) => {
      const image = await uploadedImage(api);
      return {
        body: {
          banner_type: 'PROFILE_SHOP',
          photo_upload_id: image,
          mobile_photo_upload_id: image,
          start_date: new Date(Date.now() + 86_400_000).toISOString(),
          end_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          redirect_url: '/shop',
        },
      };
    },
    'marketing.deleteBanner': async (api) => ({ params: { banner_id: await banner(api) } }),
    'marketing.reorderBanners': async (api) => {
      await banner(api);
      const rows = await api.db.select({ id: banners.id, order: banners.sortOrder }).from(banners);
      const listed = rows.sort((a, b) => a.order - b.order).map((row) => row.id);
      return { body: { banner_ids: listed.reverse() } };
    },
    'abTests.list': async () => ({ query: { search: 'matrix' } }),
    'abTests.detail': async (api) => ({ params: { testId: await openTest(api) } }),
    'abTests.create': async () => ({
      body: {
        feature_id: `matrix-create-${crypto.randomUUID().slice(0, 8)}`,
        feature_label: 'Created by the matrix',
        variants: [
          { name: 'a', percentage: 30 },
          { name: 'b', percentage: 70 },
        ],
      },
    }),
    'abTests.finish': async (api) => ({ params: { testId: await openTest(api) } }),
    'abTests.addUsers': async (api) => ({
      params: { testId: await openTest(api) },
      body: { segment: { filters: [] } },
    }),
    'notifications.categoryOptions': none,
    'notifications.sentimentOptions': none,
    'notifications.triggerOptions': none,
    'notifications.generate': async () => ({ body: message }),
    'notifications.preflight': async () => ({ body: { segment: { filters: [] } } }),
    'notifications.list': none,
    'notifications.send': async (api) => {
      await insertCustomer(api.db);
      return {
        body: { ...message, send_at: new Date(Date.now() + 86_400_000).toISOString(), segment: { filters: [] } },
      };
    },
    'notifications.cancel': async (api) => {
      const id = await scheduledBroadcast(api);
      const [job] = await api.db
        .insert(jobs)
        .values({
          kind: 'notification_broadcast',
          payload: { broadcastId: id },
          runAfter: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .returning({ id: jobs.id });
      await api.db
        .update(notificationBroadcasts)
        .set({ jobId: String(job?.id) })
        .where(eq(notificationBroadcasts.id, id));
      return { params: { notification_id: id } };
    },
    'notifications.retryFailed': async (api) => {
      // A finished sending with one part that failed: the retry queues it again.
      const id = await scheduledBroadcast(api);
      const [job] = await api.db
        .insert(jobs)
        .values({
          kind: 'notification_broadcast',
          payload: { broadcastId: id },
          state: 'done',
          planned: true,
          total: 1,
          failed: 1,
          runAfter: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .returning({ id: jobs.id });
      await api.db.insert(jobItems).values({ jobId: Number(job?.id), ordinal: 1, itemKey: '1-2', state: 'failed' });
      await api.db
        .update(notificationBroadcasts)
        .set({ jobId: String(job?.id) })
        .where(eq(notificationBroadcasts.id, id));
      return { params: { notification_id: id } };
    },
    'notifications.remove': async (api) => ({ params: { notification_id: await scheduledBroadcast(api) } }),
  },
);
