import { beforeAll, expect, it } from 'vitest';
import type { EditingProjectRow } from '../../domain/projects';
import { charges } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProfile, insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

const actions = (row: EditingProjectRow | undefined) =>
  (row?.quick_actions ?? []).map((action) =>
    action.is_disabled ? `${action.name} (${action.disable_message})` : action.name,
  );

describeEachBackend(
  'projects: a customer’s editing and video projects, a profile’s teaching and additional ones',
  (backend) => {
    const t = useTestApi(backend);
    let master: Client;
    let pl1: Client;
    beforeAll(async () => {
      master = await t.api.signIn('SUPPORT_MASTER');
      pl1 = await t.api.signIn('SUPPORT_PL1');
    });

    async function customerWithProjects() {
      const customer = await insertCustomer(t.api.db, { currency: 'EUR' });
      const profile = await insertProfile(t.api.db, customer.id, { name: 'Golden Hour' });
      const [charge] = await t.api.db
        .insert(charges)
        .values({
          customerId: customer.id,
          kind: 'CHARGE',
          status: 'SUCCEEDED',
          amount: 4800,
          currency: 'EUR',
          purpose: 'SUBSCRIPTION',
          description: 'Subscription: March 2026',
          chargingVendor: 'Stripe',
          createdAt: '2026-03-05T10:00:00Z',
        })
        .returning();
      const billed = await insertProject(t.api.db, customer.id, {
        name: 'Smith wedding',
        profileId: profile.id,
        status: 'DOWNLOADED',
        imagesSent: 800,
        editsSent: 600,
        editsToCharge: 600,
        totalCharge: 4800,
        paid: true,
        chargeId: charge?.id,
        advancedOptions: ['CROP', 'HDR_MERGE'],
        deliveryToGallery: true,
        createdAt: '2026-03-01T10:00:00Z',
      });
      const waiting = await insertProject(t.api.db, customer.id, {
        name: 'Autumn portraits',
        status: 'UPLOADED',
        imagesSent: 300,
        createdAt: '2026-04-01T10:00:00Z',
      });
      const cull = await insertProject(t.api.db, customer.id, {
        name: 'Baby Noah newborn',
        projectType: 'CULL',
        imagesSent: 1200,
        createdAt: '2026-02-01T10:00:00Z',
      });
      await insertProject(t.api.db, customer.id, {
        kind: 'VIDEO',
        projectType: null,
        name: 'Harbor film',
        status: 'READY',
        durationMinutes: 12,
        numberOfClips: 30,
      });
      return { customer, profile, charge, billed, waiting, cull };
    }

    it('lists editing projects newest first with their profile, cost in the customer’s currency and invoice', async () => {
      const { customer, profile, charge, billed, waiting, cull } = await customerWithProjects();
      const result = await master.get(t.api.projects.editing, { user_id: customer.id });
      expect(result.status).toBe(200);
      expect(result.json.meta).toEqual({ total_number_of_projects: 3, page: 1, page_size: 50 });
      expect(result.json.projects.map((row) => row.id)).toEqual([waiting.id, billed.id, cull.id]);
      expect(result.json.projects[1]).toMatchObject({
        project_name: 'Smith wedding',
        project_type: 'EDIT',
        selected_profile: { id: profile.id, profile_name: 'Golden Hour' },
        project_status: 'DOWNLOADED',
        number_of_images_sent: 800,
        number_of_edits_to_charge: 600,
        advanced_options: ['CROP', 'HDR_MERGE'],
        delivery_to_gallery: { icon: 'GALLERY', tooltip: 'Also delivered to an online gallery' },
        total_charge: { amount: 4800, multiplier: 100, symbol: '€' },
        invoice: { charge_id: charge?.id, number: `LP-2026-${String(charge?.id).padStart(7, '0')}` },
        paid: true,
      });
      expect(result.json.projects[2]?.project_type).toBe('CULL');
    });

    it('finds projects by a fragment of their name (any case, % and _ literal) or by id, for the record chooser', async () => {
      const { customer, billed, waiting, cull } = await customerWithProjects();
      const ids = async (q: string) => {
        const answer = await master.get(t.api.projects.editing, { user_id: customer.id }, { q });
        expect(answer.status).toBe(200);
        return { ids: answer.json.projects.map((row) => row.id), total: answer.json.meta.total_number_of_projects };
      };
      expect(await ids('WEDD')).toEqual({ ids: [billed.id], total: 1 });
      expect(await ids('o')).toEqual({ ids: [waiting.id, cull.id], total: 2 });
      expect(await ids(`#${cull.id}`)).toEqual({ ids: [cull.id], total: 1 });
      expect(await ids('%')).toEqual({ ids: [], total: 0 });
      const nul = await master.get(t.api.projects.editing, { user_id: customer.id }, { q: 'a\u0000b' });
      expect(nul.status).toBe(400);
    });

    it('pages and sorts in SQL, and refuses a sort it does not know with 400', async () => {
      const { customer, billed, waiting, cull } = await customerWithProjects();
      const page = await master.get(
        t.api.projects.editing,
        { user_id: customer.id },
        { sort: 'number_of_images_sent', order: 'asc', page: 2, page_size: 2 },
      );
      expect(page.json.projects.map((row) => row.id)).toEqual([cull.id]);
      const first = await master.get(
        t.api.projects.editing,
        { user_id: customer.id },
        { sort: 'project_name', order: 'asc' },
      );
      expect(first.json.projects.map((row) => row.id)).toEqual([waiting.id, cull.id, billed.id]);
      const bad = await master.get(t.api.projects.editing, { user_id: customer.id }, { sort: 'password' } as never);
      expect(bad.status).toBe(400);
      // Past the last page: no rows, the total still told; a customer with none: an empty first page, not a 404.
      const past = await master.get(t.api.projects.editing, { user_id: customer.id }, { page: 9, page_size: 2 });
      expect(past.status).toBe(200);
      expect(past.json).toMatchObject({ projects: [], meta: { total_number_of_projects: 3, page: 9 } });
      const idle = await insertCustomer(t.api.db);
      const none = await master.get(t.api.projects.video, { user_id: idle.id });
      expect(none.status).toBe(200);
      expect(none.json).toMatchObject({ projects: [], meta: { total_number_of_projects: 0 } });
    });

    it('offers each project the actions its state allows, disabled with the reason or the missing permission', async () => {
      const { customer } = await customerWithProjects();
      const rows = (await master.get(t.api.projects.editing, { user_id: customer.id })).json.projects;
      const byName = (name: string) => rows.find((row) => row.project_name === name);
      expect(actions(byName('Smith wedding'))).toEqual([
        'REFUND',
        'DOWNLOAD_PHOTOS_LOCALLY',
        'RE_EDIT',
        'EMAIL_EDITED_PHOTOS',
      ]);
      expect(actions(byName('Autumn portraits'))).toEqual([
        'REFUND (Nothing was charged for this project)',
        'DOWNLOAD_PHOTOS_LOCALLY (The edits are not delivered yet)',
        'RE_EDIT (The project is in the queue already)',
        'EMAIL_EDITED_PHOTOS (The edits are not delivered yet)',
      ]);
      // SUPPORT_PL1 may re-edit, but not refund, download or e-mail the photos.
      const asPl1 = (await pl1.get(t.api.projects.editing, { user_id: customer.id })).json.projects;
      expect(actions(asPl1.find((row) => row.project_name === 'Smith wedding'))).toEqual([
        'REFUND (Only admins and support masters may refund projects)',
        'DOWNLOAD_PHOTOS_LOCALLY (Only admins, PL2 agents and support masters may download customers’ photos)',
        'RE_EDIT',
        'EMAIL_EDITED_PHOTOS (Only admins, PL2 agents and support masters may e-mail edited photos)',
      ]);
    });

    it('lists video projects with their minutes and clips, and a profile’s teaching and additional projects', async () => {
      const { customer, profile } = await customerWithProjects();
      const video = await master.get(t.api.projects.video, { user_id: customer.id });
      expect(video.json.projects).toEqual([
        expect.objectContaining({
          project_name: 'Harbor film',
          duration_minutes: 12,
          number_of_clips: 30,
          quick_actions: [{ name: 'VIDEO_EMAIL_PROJECT', is_disabled: false, disable_message: null }],
        }),
      ]);
      await insertProject(t.api.db, customer.id, {
        kind: 'TEACHING',
        projectType: null,
        profileId: profile.id,
        name: 'Golden Hour teaching set',
        imagesSent: 900,
        teach: true,
        finetune: true,
        createdAt: '2026-01-10T10:00:00Z',
      });
      await insertProject(t.api.db, customer.id, {
        kind: 'ADDITIONAL',
        projectType: null,
        profileId: profile.id,
        name: 'Golden Hour extra photos',
        imagesSent: 150,
        editedWithImagen: true,
        createdAt: '2026-01-12T10:00:00Z',
      });
      const teaching = await master.get(t.api.projects.teaching, { profile_id: profile.id });
      expect(teaching.json.projects).toEqual([
        expect.objectContaining({
          project_name: 'Golden Hour teaching set',
          upload_date: '2026-01-10T10:00:00Z',
          teach: true,
          finetune: true,
          number_of_images_sent: 900,
        }),
      ]);
      const additional = await master.get(t.api.projects.additional, { profile_id: profile.id });
      expect(additional.json.projects).toEqual([
        expect.objectContaining({
          project_name: 'Golden Hour extra photos',
          edited_with_imagen: true,
          photos_in_project: 150,
        }),
      ]);
      expect((await master.get(t.api.projects.teaching, { profile_id: 987_654_321 })).status).toBe(404);
      expect((await master.get(t.api.projects.video, { user_id: 987_654_321 })).status).toBe(404);
    });
  },
);
