import type { EditingProjectRow } from '../../../domain/projects';

const eur = (amount: number) => ({ amount, multiplier: 100 as const, symbol: '€' });

/** An editing project row as the list call answers it: a delivered EDIT project billed €48.00, then `overrides`. */
export function editingProject(overrides: Partial<EditingProjectRow> & Pick<EditingProjectRow, 'id' | 'project_name'>) {
  return {
    project_type: 'EDIT',
    date: '2026-03-01T10:00:00.000Z',
    delivery_to_gallery: { icon: 'NONE', tooltip: 'Delivered to Lightroom only' },
    selected_profile: { id: 7, profile_name: 'Golden Hour' },
    project_status: 'DOWNLOADED',
    sent_final_edit_date: null,
    catalog_path: null,
    number_of_images_sent: 800,
    number_of_edit_sent: 600,
    number_of_edits_to_charge: 600,
    advanced_options: [],
    total_charge: eur(4800),
    invoice: null,
    paid: true,
    software_version: '4.5.1',
    quick_actions: [],
    ...overrides,
  } satisfies EditingProjectRow;
}
