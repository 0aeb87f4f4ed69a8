import { api } from '../../domain/api';
import { createProfilePageBody } from '../../domain/partners';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { partnerIdField, partnerViews } from './partner-form';

export default defineCommand({
  id: 'partner.create-profile-page',
  title: 'Create partner profile page',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['partner', 'page', 'public', 'profile', 'talent'],
  params: {
    schema: createProfilePageBody,
    fields: {
      partner_id: partnerIdField,
      slug: { kind: 'text', label: 'Address', placeholder: 'from their name', hint: 'The page lives at /partner/…' },
      headline: { kind: 'text', label: 'Headline', placeholder: 'optional, one line' },
    },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.partners.createProfilePage, { body: params }, { signal }),
  result: (answer) => {
    const page = answer as { url: string };
    return { title: 'The page is live', copy: { label: 'Address', value: page.url } };
  },
  revalidates: partnerViews,
  successMessage: ({ params }) => `Profile page of partner #${params.partner_id} published`,
});
