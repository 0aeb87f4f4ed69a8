import { z } from 'zod';
import { api } from '../../domain/api';
import { idParam } from '../../domain/endpoint';
import { roleLabels, roles } from '../../domain/roles';
import { type FieldSpec, optionsFrom } from '../define';

/** The staff member a command acts on: chosen from the staff list (the staff page's row menu fills it in). */
export const staffIdField: FieldSpec = {
  kind: 'select',
  label: 'Staff member',
  placeholder: 'Choose a staff member…',
  numeric: true,
  options: optionsFrom(api.staffAccounts.list, {}, (answer) =>
    answer.staff.map((row) => ({
      value: String(row.id),
      label: `${row.first_name} ${row.last_name} · ${row.email} · ${roleLabels[row.role]}${row.status === 'ACTIVE' ? '' : ` (${row.status.toLowerCase()})`}`,
    })),
  ),
};

export const roleField: FieldSpec = {
  kind: 'select',
  label: 'Role',
  placeholder: 'Choose a role…',
  options: roles.map((role) => ({ value: role, label: roleLabels[role] })),
};

export const staffIdForm = z.object({ staff_id: idParam });

/** Where a change to staff shows: the staff list. */
export const staffViews = [api.staffAccounts.list] as const;
