import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { insertJsonRows, type SqlRunner } from './bulk-insert';
import { modelStyle } from './model-styles';
import { Random } from './random';

/** How many training photos (with their edit parameters) the seed records at most, by default. */
export const defaultEvidencePhotos = 40_000;
/** Variants of a photographer's look per model (see modelStyle). */
const variantsPerModel = 24;

const lockMessages = [
  'Customer disputes the last training: do not change until support has called back',
  'Under investigation: possible shared account',
  'Kept for the quality audit of this month',
];
const noteBodies = [
  'Customer says skin tones come out too orange; the orange saturation histogram agrees.',
  'Mixed cameras in the training set: the Fuji shots pull the white balance warm.',
  'Straighten angles vary a lot; crop was probably done by hand per photo.',
  'Looks consistent. Good candidate for READY after a spot check.',
  'Asked the customer for another 300 edited photos before the next finetune.',
];

/**
 * The models area's demo evidence, after the customers' work is written: training projects (a model's photos split
 * into 1–12 upload sets; a PENDING model's not processed yet, a PROCESSING one's partly), the training photos
 * with their edit parameters for the models a reviewer looks at first (PENDING_REVIEW, ON_HOLD, PROCESSING, FAIL,
 * then READY; newest first, as the list shows them) up to `photoBudget` photos in all (a re-run adds none past it), a few locked models and profile notes. Deterministic: looks come from a
 * PRNG seeded by the model id; per-photo variation from hashes of the photo's position, in SQL.
 */
export async function seedModelEvidence(
  db: SqlRunner,
  photoBudget = defaultEvidencePhotos,
  projectCustomers = 5000,
): Promise<void> {
  const existing = rowsOf(await db.execute(sql`select count(*)::int as n from model_photos`)) as { n: number }[];
  const left = photoBudget - Number(existing[0]?.n ?? 0);
  const candidates =
    left <= 0
      ? []
      : (rowsOf(
          await db.execute(sql`
      select m.id::float8 as id, m.type, m.photos from models m
      where m.state <> 'DEPRECATED' and m.photos > 0 and m.projects > 0
        and not exists (select 1 from model_photos x where x.model_id = m.id)
      order by array_position(array['PENDING_REVIEW', 'ON_HOLD', 'PROCESSING', 'FAIL', 'READY', 'PENDING'], m.state),
        m.created_at desc, m.id desc
      limit 5000`),
        ) as { id: number; type: string; photos: number }[]);
  const chosen: typeof candidates = [];
  let photos = 0;
  for (const candidate of candidates) {
    if (photos + Number(candidate.photos) > left) continue;
    chosen.push(candidate);
    photos += Number(candidate.photos);
  }
  // Training projects for the first customers' models (like their other detail data) and for every model that gets
  // photos: at a million customers, all models' sets would be tens of millions of rows.
  const chosenIds = `{${chosen.map((model) => model.id).join(',')}}`;
  await db.execute(sql`
    insert into model_projects (model_id, name, uploaded_at, photos_total, photos_done, last_updated_row)
    select m.id, p.name || ' · training set ' || g,
      m.created_at - (m.projects - g + 1) * interval '36 hours',
      m.photos / m.projects + case when g <= m.photos % m.projects then 1 else 0 end,
      case m.state
        when 'PENDING' then 0
        when 'PROCESSING' then (m.photos / m.projects) * ((m.id * 7 + g * 13) % 100) / 100
        else m.photos / m.projects + case when g <= m.photos % m.projects then 1 else 0 end
      end,
      m.created_at
    from models m join profiles p on p.id = m.profile_id
    cross join generate_series(1, m.projects) g
    where m.projects > 0
      and (m.customer_id < (select min(id) from customers) + ${projectCustomers} or m.id = any(${chosenIds}::bigint[]))
      and not exists (select 1 from model_projects x where x.model_id = m.id)`);
  if (chosen.length === 0) return;
  await db.execute(sql`drop table if exists seed_model_variants, seed_model_kits`);
  await db.execute(sql`create unlogged table seed_model_variants (model_id bigint, variant int, params smallint[],
    primary key (model_id, variant))`);
  await db.execute(sql`create unlogged table seed_model_kits (model_id bigint primary key, kit text[], camera_profiles text[],
    process_versions text[], preset_kinds text[], jpg_percent int)`);
  const variants: object[] = [];
  const kits: object[] = [];
  for (const model of chosen) {
    const style = modelStyle(new Random(Number(model.id) * 7919 + 17), model.type === 'RAW', variantsPerModel);
    for (const [variant, params] of style.variants.entries()) variants.push({ model_id: model.id, variant, params });
    kits.push({
      model_id: model.id,
      kit: style.kit,
      camera_profiles: style.cameraProfiles,
      process_versions: style.processVersions,
      preset_kinds: style.presetKinds,
      jpg_percent: style.jpgPercent,
    });
  }
  await insertJsonRows(db, 'seed_model_variants', ['model_id', 'variant', 'params'], variants);
  await insertJsonRows(
    db,
    'seed_model_kits',
    ['model_id', 'kit', 'camera_profiles', 'process_versions', 'preset_kinds', 'jpg_percent'],
    kits,
  );
  await db.execute(sql`analyze seed_model_variants, seed_model_kits`);
  // Per photo: three 64-bit hashes, each split into 10-bit uniforms; a normal is three uniforms summed. A shoot (one
  // training set) keeps to three neighbouring variants of the look; white balance, tint, exposure, highlights and
  // shadows move per photo.
  await db.execute(sql`
    insert into model_photos (model_id, model_project_id, file_type, camera, lens, process_version, camera_profile,
      preset_type, params)
    select mp.model_id, mp.id,
      case when (h.a & 1023) * 100 / 1024 < k.jpg_percent then 'JPG' else 'RAW' end,
      split_part(k.kit[1 + (h.b >> 40) % cardinality(k.kit)], '|', 1),
      split_part(k.kit[1 + (h.b >> 40) % cardinality(k.kit)], '|', 2),
      k.process_versions[1 + (h.c >> 40) % cardinality(k.process_versions)],
      k.camera_profiles[1 + (h.c >> 20) % cardinality(k.camera_profiles)],
      k.preset_kinds[1 + (abs(hashint8extended(mp.id, 7)) % cardinality(k.preset_kinds))],
      array[
        least(12000, greatest(2000, v.params[1] + round(n.t * 280))),
        least(150, greatest(-150, v.params[2] + round(n.i * 4))),
        least(500, greatest(-500, v.params[3] + round(n.e * 30))),
        v.params[4],
        least(100, greatest(-100, v.params[5] + round(n.hl * 8))),
        least(100, greatest(-100, v.params[6] + round(n.sh * 8)))
      ]::smallint[] || v.params[7:]
    from model_projects mp
    join seed_model_kits k on k.model_id = mp.model_id
    cross join generate_series(1, mp.photos_total) g
    cross join lateral (select abs(hashint8extended(mp.id * 100000 + g, 1)) as a,
                               abs(hashint8extended(mp.id * 100000 + g, 2)) as b,
                               abs(hashint8extended(mp.id * 100000 + g, 3)) as c) h
    cross join lateral (select
        (((h.a >> 10) & 1023) + ((h.a >> 20) & 1023) + ((h.a >> 30) & 1023))::float8 / 1023 * 2 - 3 as t,
        (((h.a >> 40) & 1023) + ((h.b) & 1023) + ((h.b >> 10) & 1023))::float8 / 1023 * 2 - 3 as i,
        (((h.b >> 20) & 1023) + ((h.b >> 30) & 1023) + ((h.c) & 1023))::float8 / 1023 * 2 - 3 as e,
        (((h.c >> 10) & 1023) + ((h.a >> 50) & 1023) + ((h.b >> 50) & 1023))::float8 / 1023 * 2 - 3 as hl,
        (((h.c >> 50) & 1023) + ((h.a >> 5) & 1023) + ((h.b >> 5) & 1023))::float8 / 1023 * 2 - 3 as sh) n
    join seed_model_variants v on v.model_id = mp.model_id
      and v.variant = (abs(hashint8extended(mp.id, 5)) + (h.c & 3)) % ${variantsPerModel}`);
  await db.execute(sql`drop table seed_model_variants, seed_model_kits`);
  await db.execute(sql`
    update models set locked = true, lock_message = (${sql.param(lockMessages)}::text[])[1 + id % ${lockMessages.length}],
      last_updated_row = last_updated_row + interval '1 hour'
    where state in ('PENDING_REVIEW', 'READY', 'FAIL') and id % 211 = 5 and not locked`);
  await db.execute(sql`
    insert into profile_notes (profile_id, model_id, author, body, created_at)
    select m.profile_id, m.id, (array['Maya Levi', 'Tom Berger', 'Ana Souza'])[1 + m.id % 3],
      (${sql.param(noteBodies)}::text[])[1 + (m.id / 3) % ${noteBodies.length}], m.created_at + interval '5 hours'
    from models m where m.id % 4 = 1 and exists (select 1 from model_photos x where x.model_id = m.id)`);
  await db.execute(sql`ANALYZE model_projects, model_photos, profile_notes`);
}
