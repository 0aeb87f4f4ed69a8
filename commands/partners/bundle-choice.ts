import { z } from 'zod';
import { api } from '../../domain/api';
import type { FieldSpec } from '../define';

/** A bundle command's parameter: the bundle (its row's menu fills it in). */
export const bundleChoice = z.object({ bundle_id: api.bundles.addToShop.params.shape.bundle_id });

export const bundleField: FieldSpec = {
  kind: 'number',
  label: 'Bundle id',
  placeholder: 'From the Bundles tab',
  hint: 'Row menus on the Bundles tab fill this in.',
};

/** What a bundle command changes on screen. */
export const bundleViews = [api.bundles.list] as const;
