import { z } from 'zod';
import { api } from '../../domain/api';
import type { FieldSpec } from '../define';
import { bundleRecordField } from '../record-choices';

/** A bundle command's parameter: the bundle (its row's menu fills it in). */
export const bundleChoice = z.object({ bundle_id: api.bundles.addToShop.params.shape.bundle_id });

/** The bundle, picked by name, seller, date, price or id (row menus on the Bundles tab fill it in). */
export const bundleField: FieldSpec = bundleRecordField;

/** What a bundle command changes on screen. */
export const bundleViews = [api.bundles.list] as const;
