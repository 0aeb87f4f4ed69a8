import { sql } from 'drizzle-orm';
import type { AdvancedOption } from '../../domain/projects';
import { insertJsonRows, type SqlRunner } from './bulk-insert';
import type { CustomerSeedRow } from './customers';
import { seedNow } from './customers';
import type { DetailSeedRow } from './details';
import { Random } from './random';
import { profileNameWords, projectNameWords, softwareVersions } from './vocabulary';

type Row = Record<string, string | number | boolean | null | string[]>;

const day = 86_400_000;
/** What an edit costs in the demo (minor units): the edits to charge of a billed project follow from its charge. */
const pricePerEdit = 8;

const columns = {
  profiles: [
    'id',
    'customer_id',
    'name',
    'type',
    'state',
    'format',
    'color',
    'built_with',
    'train_requested_at',
  ].concat(['current_model_id', 'deleted_at', 'created_at', 'last_updated_row']),
  models: ['id', 'profile_id', 'customer_id', 'name', 'state', 'type', 'photos', 'projects', 'is_automated'].concat([
    'tags',
    'fail_reason',
    'started_at',
    'created_at',
    'last_updated_row',
  ]),
  profile_shares: ['profile_id', 'email', 'recipient_id', 'is_silent', 'created_at'],
  projects: ['customer_id', 'profile_id', 'kind', 'name', 'status', 'project_type', 'images_sent', 'edits_sent']
    .concat(['edits_to_charge', 'delivery_to_gallery', 'catalog_path', 'advanced_options', 'total_charge', 'paid'])
    .concat(['software_version', 'sent_final_edit_at', 'duration_minutes', 'number_of_clips', 'teach', 'finetune'])
    .concat(['edited_with_imagen', 'created_at', 'last_updated_row']),
} as const;

function workRandom(id: number): Random {
  return new Random((Math.imul(id, 2_246_822_519) ^ 0x165667b1) >>> 0);
}

/** What a project row holds unless its kind says otherwise (json_populate_recordset applies no column defaults). */
const projectDefaults: Row = {
  profile_id: null,
  project_type: null,
  images_sent: 0,
  edits_sent: 0,
  edits_to_charge: 0,
  delivery_to_gallery: false,
  catalog_path: null,
  advanced_options: [],
  total_charge: 0,
  paid: false,
  software_version: null,
  sent_final_edit_at: null,
  duration_minutes: null,
  number_of_clips: null,
  teach: null,
  finetune: null,
  edited_with_imagen: null,
};

const iso = (time: number) => new Date(Math.min(time, seedNow)).toISOString();

/** When this seed runs: what is still waiting (uploads in the queue, models in training) waits from shortly before it. */
const seedRunAt = Date.now();

/** A waiting item's start, 5 minutes to 3 days before the seed runs, by `seq` (deterministic, no random draw). */
function waitingSince(seq: number): string {
  const minutes = 5 + ((Math.imul(seq, 2_654_435_761) >>> 0) % (3 * 24 * 60));
  return new Date(seedRunAt - minutes * 60_000).toISOString();
}

async function maxId(db: SqlRunner, table: string): Promise<number> {
  const result = (await db.execute(sql`SELECT coalesce(max(id), 0)::bigint AS max FROM ${sql.raw(table)}`)) as
    | { rows: { max: number | string }[] }
    | { max: number | string }[];
  return Number((Array.isArray(result) ? result[0]?.max : result.rows[0]?.max) ?? 0);
}

/**
 * The customer's work: profiles (as many live ones as `profiles_used` says, sometimes a deleted one), each with a
 * finetune history of models, some shared with other customers or outside addresses; editing projects billed by
 * the customer's subscription charges (a month's billed projects add up to that month's charge: all of it on a
 * metered plan, 60 % beside a base fee), unpaid ones in a month whose charge failed, culls, videos, teaching and
 * additional projects of the profiles, and a few uploads still waiting in the queue. Deterministic by customer id.
 */
export class WorkSeeder {
  private rows: Record<keyof typeof columns, Row[]> = { profiles: [], models: [], profile_shares: [], projects: [] };
  /** Customers met lately (id, e-mail): the registered recipients of shared profiles. */
  private recent: { id: number; email: string }[] = [];

  private constructor(
    private nextProfileId: number,
    private nextModelId: number,
  ) {}

  static async create(db: SqlRunner): Promise<WorkSeeder> {
    return new WorkSeeder(1 + (await maxId(db, 'profiles')), 1 + (await maxId(db, 'models')));
  }

  /** Adds a customer's work; `charges`: their ledger rows from the seed (empty when they have none). */
  add(customer: CustomerSeedRow, charges: readonly DetailSeedRow[]): void {
    const customerId = Number(customer.id);
    const random = workRandom(customerId);
    const added = Date.parse(String(customer.date_added));
    const profileIds = this.addProfiles(customer, random, added);
    const live = profileIds.filter((profile) => profile.live).map((profile) => profile.id);
    const profileFor = () => (live.length > 0 && random.chance(0.9) ? random.pick(live) : null);
    const base = { ...projectDefaults, customer_id: customerId };
    const editing = (at: number, charge: number, paid: boolean, status = 'DOWNLOADED'): Row => {
      const images = Math.max(charge / pricePerEdit, random.int(80, 1500));
      const edits = charge > 0 ? Math.max(1, Math.round(charge / pricePerEdit)) : Math.round(images * 0.9);
      const options: AdvancedOption[] = (
        ['CROP', 'STRAIGHTENING', 'SUBJECT_MASK', 'HDR_MERGE', 'SMOOTH_SKIN'] as const
      ).filter(() => random.chance(0.25));
      const delivered = status === 'READY' || status === 'DOWNLOADED';
      return {
        ...base,
        profile_id: profileFor(),
        kind: 'EDITING',
        name: `${random.pick(projectNameWords)} ${new Date(at).getUTCFullYear()}`,
        status,
        project_type: 'EDIT',
        images_sent: Math.round(images),
        edits_sent: delivered ? edits : 0,
        edits_to_charge: charge > 0 ? edits : 0,
        delivery_to_gallery: random.chance(0.3),
        catalog_path: `/Users/${String(customer.username)}/Pictures/Lightroom/${random.int(2019, 2026)}.lrcat`,
        advanced_options: options,
        total_charge: charge,
        paid,
        software_version: random.pick(softwareVersions),
        sent_final_edit_at: delivered ? iso(at + random.int(1, 48) * 3_600_000) : null,
        created_at: iso(at),
        last_updated_row: iso(at + day),
      };
    };
    const plan = String(customer.subscription_type);
    const share = plan.endsWith('WITH_BASE') ? 0.6 : 1;
    for (const charge of charges) {
      if (charge.purpose !== 'SUBSCRIPTION') continue;
      const at = Date.parse(String(charge.created_at));
      const billed = Math.round(Number(charge.amount) * share);
      const count = random.chance(0.35) ? 2 : 1;
      const first = count === 1 ? billed : Math.round(billed * (0.3 + random.next() * 0.4));
      const parts = count === 1 ? [billed] : [first, billed - first];
      const paid = charge.status === 'SUCCEEDED';
      for (const part of parts) {
        this.rows.projects.push(editing(Math.max(added, at - random.int(1, 25) * day), part, paid));
      }
    }
    // Trial, contract and unbilled work: edits that cost nothing on the card.
    const free = charges.length === 0 ? random.int(0, 4) : random.int(0, 1);
    for (let index = 0; index < free; index++) {
      this.rows.projects.push(editing(added + random.next() * (seedNow - added), 0, true));
    }
    if (random.chance(0.3)) {
      const cull = editing(added + random.next() * (seedNow - added), 0, true);
      this.rows.projects.push({ ...cull, project_type: 'CULL', edits_sent: 0, advanced_options: [] });
    }
    if (random.chance(0.08)) {
      const waiting = random.chance(0.5) ? 'UPLOADED' : 'PROCESSING';
      const since = waitingSince(customerId);
      const upload = editing(seedNow - random.int(1, 72) * 3_600_000, 0, false, waiting);
      this.rows.projects.push({ ...upload, created_at: since, last_updated_row: since });
    }
    for (let index = random.chance(0.15) ? random.int(1, 3) : 0; index > 0; index--) {
      const at = added + random.next() * (seedNow - added);
      this.rows.projects.push({
        ...base,
        profile_id: null,
        kind: 'VIDEO',
        name: `${random.pick(projectNameWords)} film`,
        status: random.chance(0.7) ? 'DOWNLOADED' : 'READY',
        duration_minutes: random.int(3, 90),
        number_of_clips: random.int(4, 60),
        created_at: iso(at),
        last_updated_row: iso(at + day),
      });
    }
    for (const profile of profileIds) {
      for (const teaching of profile.teaching) this.rows.projects.push({ ...base, ...teaching });
    }
    this.recent.push({ id: customerId, email: String(customer.email) });
    if (this.recent.length > 200) this.recent.shift();
  }

  /** The customer's profiles with their models and shares; answers their ids and teaching/additional projects. */
  private addProfiles(customer: CustomerSeedRow, random: Random, added: number) {
    const customerId = Number(customer.id);
    const made: { id: number; live: boolean; teaching: Row[] }[] = [];
    const liveCount = Math.max(0, Number(customer.profiles_used ?? 0));
    const deletedCount = random.chance(0.12) ? 1 : 0;
    for (let index = 0; index < liveCount + deletedCount; index++) {
      const id = this.nextProfileId++;
      const deleted = index >= liveCount;
      const createdAt = added + random.next() * Math.max(day, seedNow - added) * 0.5;
      const format = random.chance(0.8) ? 'RAW' : 'JPG';
      const draft = !deleted && random.chance(0.2);
      const models = this.addModels(id, customerId, format, draft, createdAt, random);
      const current = models.filter((model) => model.state === 'READY').at(-1) ?? null;
      const name = `${random.pick(profileNameWords)} ${random.pick(['', 'II', 'Pro', '2025', 'Bright'])}`.trim();
      const deletedAt = deleted ? createdAt + random.next() * (seedNow - createdAt) : null;
      this.rows.profiles.push({
        id,
        customer_id: customerId,
        name,
        type: random.chance(0.08) ? 'TALENT' : 'CREATOR',
        state: deleted ? 'DELETED' : draft ? 'DRAFT' : 'READY',
        format,
        color: random.chance(0.1) ? 'BnW' : 'COLOR',
        built_with: random.weighted([
          ['LIGHTROOM_CATALOG', 60],
          ['PREVIOUS_EDITS', 25],
          ['PRESET', 10],
          ['TALENT_STYLE', 5],
        ] as const),
        train_requested_at: models[0] ? iso(Date.parse(String(models[0].created_at)) - random.int(1, 5) * day) : null,
        current_model_id: current ? Number(current.id) : null,
        deleted_at: deletedAt === null ? null : iso(deletedAt),
        created_at: iso(createdAt),
        last_updated_row: iso(deletedAt ?? createdAt + day),
      });
      const teaching: Row[] = models.map((model) => ({
        profile_id: id,
        kind: 'TEACHING',
        name: `${name} teaching set`,
        status: 'DOWNLOADED',
        images_sent: Number(model.photos),
        teach: true,
        finetune: model.state !== 'FAIL',
        created_at: iso(Date.parse(String(model.created_at)) - day),
        last_updated_row: String(model.created_at),
      }));
      for (let extra = random.chance(0.4) ? random.int(1, 2) : 0; extra > 0; extra--) {
        const at = createdAt + random.next() * (seedNow - createdAt);
        teaching.push({
          profile_id: id,
          kind: 'ADDITIONAL',
          name: `${name} extra photos`,
          status: 'READY',
          images_sent: random.int(50, 800),
          edited_with_imagen: random.chance(0.5),
          created_at: iso(at),
          last_updated_row: iso(at),
        });
      }
      made.push({ id, live: !deleted, teaching });
      if (!deleted && random.chance(0.12)) this.addShares(id, customerId, createdAt, random);
    }
    return made;
  }

  /** A finetune history: older models DEPRECATED, the newest READY (a draft's newest still training or failed). */
  private addModels(profileId: number, customerId: number, type: string, draft: boolean, from: number, random: Random) {
    const count = draft ? random.int(0, 3) : random.int(1, 5);
    const models: Row[] = [];
    let photos = random.int(300, 1500);
    for (let index = 0; index < count; index++) {
      const at = from + ((index + 1) / (count + 1)) * (seedNow - from);
      const newest = index === count - 1;
      const state = !newest
        ? random.chance(0.1)
          ? 'FAIL'
          : 'DEPRECATED'
        : draft
          ? random.pick(['PENDING', 'PROCESSING', 'PENDING_REVIEW', 'FAIL'] as const)
          : 'READY';
      const row: Row = {
        id: this.nextModelId++,
        profile_id: profileId,
        customer_id: customerId,
        name: `Model ${index + 1}`,
        state,
        type,
        photos,
        projects: random.int(1, 12),
        is_automated: random.chance(0.85),
        tags: random.chance(0.2) ? ['manual-review'] : [],
        fail_reason:
          state === 'FAIL' ? random.pick(['Too few photos', 'Inconsistent edits', 'Training timed out']) : null,
        started_at: state === 'PENDING' ? null : iso(at + 3_600_000),
        created_at: iso(at),
        last_updated_row: iso(at + 2 * 3_600_000),
      };
      // A model older than the newest READY one is what the profile used before: READY then, DEPRECATED now.
      models.push(row);
      photos += random.int(100, 1200);
    }
    // A ready profile keeps one READY model (its current one); a draft may keep an earlier READY one to revert to.
    if (draft && count >= 2 && random.chance(0.5)) (models[count - 2] as Row).state = 'READY';
    const newest = models.at(-1);
    if (newest && ['PENDING', 'PROCESSING', 'PENDING_REVIEW'].includes(String(newest.state))) {
      const since = waitingSince(Number(newest.id));
      newest.created_at = since;
      newest.last_updated_row = since;
      if (newest.started_at !== null) newest.started_at = since;
    }
    this.rows.models.push(...models);
    return models;
  }

  private addShares(profileId: number, ownerId: number, from: number, random: Random): void {
    const taken = new Set<string>();
    for (let count = random.int(1, 3); count > 0; count--) {
      const recipient = this.recent.length > 0 && random.chance(0.6) ? random.pick(this.recent) : null;
      const email = recipient?.email ?? `assistant${random.int(1, 9999)}.${ownerId}@studio-mail.example`;
      if (taken.has(email) || recipient?.id === ownerId) continue;
      taken.add(email);
      this.rows.profile_shares.push({
        profile_id: profileId,
        email,
        recipient_id: recipient?.id ?? null,
        is_silent: random.chance(0.3),
        created_at: iso(from + random.next() * (seedNow - from)),
      });
    }
  }

  /** Writes what was added (profiles and models first: their ids are given here). */
  async flush(db: SqlRunner): Promise<void> {
    // Profiles point at their current model and models at their profile: the link is written after both exist.
    const profiles = this.rows.profiles.map((row) => ({ ...row, current_model_id: null }));
    await insertJsonRows(db, 'profiles', columns.profiles, profiles);
    await insertJsonRows(db, 'models', columns.models, this.rows.models);
    const current = this.rows.profiles.filter((row) => row.current_model_id !== null);
    if (current.length > 0) {
      const links = JSON.stringify(current.map((row) => ({ id: row.id, current_model_id: row.current_model_id })));
      await db.execute(
        sql`UPDATE profiles p SET current_model_id = l.current_model_id FROM json_populate_recordset(NULL::profiles, ${sql.param(links)}::json) l WHERE p.id = l.id`,
      );
    }
    await insertJsonRows(db, 'profile_shares', columns.profile_shares, this.rows.profile_shares);
    await insertJsonRows(db, 'projects', columns.projects, this.rows.projects);
    this.rows = { profiles: [], models: [], profile_shares: [], projects: [] };
  }

  /**
   * Links each billed project to the subscription charge that billed it (the customer's first succeeded one at or
   * after the project), moves the sequences past the given ids, and analyzes the tables.
   */
  static async finish(db: SqlRunner): Promise<void> {
    await db.execute(sql`ANALYZE projects`);
    await db.execute(sql`
      UPDATE projects p SET charge_id = (
        SELECT c.id FROM charges c
        WHERE c.customer_id = p.customer_id AND c.kind = 'CHARGE' AND c.status = 'SUCCEEDED'
          AND c.purpose = 'SUBSCRIPTION' AND c.created_at >= p.created_at
        ORDER BY c.created_at LIMIT 1)
      WHERE p.kind = 'EDITING' AND p.paid AND p.total_charge > 0 AND p.charge_id IS NULL`);
    for (const table of ['profiles', 'models']) {
      await db.execute(
        sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), greatest((SELECT max(id) FROM ${sql.raw(table)}), 1))`,
      );
    }
    await db.execute(sql`ANALYZE profiles, models, profile_shares, projects`);
  }
}
