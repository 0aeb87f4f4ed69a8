import { modelParameters, parameterIndex } from '../../../domain/model-parameters';
import type { Database } from '../../../server/db/client';
import { modelPhotos, modelProjects } from '../../../server/db/schema';
import { insertCustomer } from './fixtures';
import { insertModels, insertProfile } from './profiles';

type ModelInput = Parameters<typeof insertModels>[2][number];

/** A training photo for a test: its facets and the parameters that differ from a neutral edit. */
export interface TestPhoto {
  project: number;
  fileType?: 'RAW' | 'JPG';
  camera?: string;
  lens?: string;
  processVersion?: string;
  cameraProfile?: string;
  presetType?: string;
  params?: Record<string, number>;
}

/** A neutral edit: every parameter at 0, or at its minimum when 0 is out of range (temperature 5000 K). */
export function neutralParams(overrides: Record<string, number> = {}): number[] {
  const params = modelParameters.map((parameter) =>
    parameter.key === 'temperature' ? 5000 : parameter.key === 'crop_aspect' ? 150 : Math.max(parameter.min, 0),
  );
  for (const [key, value] of Object.entries(overrides)) {
    const index = parameterIndex.get(key);
    if (index === undefined) throw new Error(`unknown parameter ${key}`);
    params[index - 1] = value;
  }
  return params;
}

/**
 * A customer's profile with models in the given states (oldest first); the model at `evidenceOf` (default the
 * last) gets `projects` training projects and the photos.
 */
export async function insertModelWithEvidence(
  db: Database,
  options: { states?: ModelInput[]; projects?: number; photos?: TestPhoto[]; evidenceOf?: number } = {},
) {
  const customer = await insertCustomer(db);
  const profile = await insertProfile(db, customer.id, { state: 'DRAFT' });
  const states = options.states ?? ['PENDING_REVIEW'];
  const created = await insertModels(db, profile, states);
  const model = created[options.evidenceOf ?? created.length - 1];
  if (!model) throw new Error('no model');
  const count = options.projects ?? 2;
  const projects =
    count === 0
      ? []
      : await db
          .insert(modelProjects)
          .values(
            Array.from({ length: count }, (_, index) => ({
              modelId: model.id,
              name: `Set ${index + 1}`,
              uploadedAt: `2026-01-0${index + 1}T09:00:00Z`,
              photosTotal: (options.photos ?? []).filter((photo) => photo.project === index).length,
              photosDone: (options.photos ?? []).filter((photo) => photo.project === index).length,
            })),
          )
          .returning();
  const photos = options.photos ?? [];
  if (photos.length > 0) {
    await db.insert(modelPhotos).values(
      photos.map((photo) => ({
        modelId: model.id,
        modelProjectId: projects[photo.project]?.id ?? 0,
        fileType: photo.fileType ?? 'RAW',
        camera: photo.camera ?? 'Canon EOS R5',
        lens: photo.lens ?? 'RF 85mm F1.2L USM',
        processVersion: photo.processVersion ?? 'Version 6',
        cameraProfile: photo.cameraProfile ?? 'Adobe Color',
        presetType: photo.presetType ?? 'OWN_PRESET',
        params: neutralParams(photo.params),
      })),
    );
  }
  return { customer, profile, models: created, model, projects };
}
