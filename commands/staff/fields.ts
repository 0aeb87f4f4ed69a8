import { z } from 'zod';
import { api } from '../../domain/api';
import { idParam } from '../../domain/endpoint';
import { roleLabels, roles } from '../../domain/roles';
import type { FieldSpec } from '../define';
import { staffMemberField } from '../record-choices';

/** The staff member a command acts on: a chooser over the staff list (the staff page's row menu fills it in). */
export const staffIdField: FieldSpec = staffMemberField;

export const roleField: FieldSpec = {
  kind: 'select',
  label: 'Role',
  placeholder: 'Choose a role…',
  options: roles.map((role) => ({ value: role, label: roleLabels[role] })),
};

export const staffIdForm = z.object({ staff_id: idParam });

/** Where a change to staff shows: the staff list. */
export const staffViews = [api.staffAccounts.list] as const;
