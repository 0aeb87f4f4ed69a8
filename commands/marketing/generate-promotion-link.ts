import { api } from '../../domain/api';
import type { AnswerOf } from '../../domain/endpoint';
import { generateLinkQuery, promotionBenefitLabels } from '../../domain/marketing';
import { call } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { defineCommand, optionsFrom } from '../define';

type FormData = AnswerOf<typeof api.marketing.linkFormData>;

/** The form's choices as the server lists them (`link_form_data`): one call fills every select. */
const fromFormData = (list: (data: FormData) => readonly { value: string; label: string }[]) =>
  optionsFrom(api.marketing.linkFormData, {}, list);

export default defineCommand({
  id: 'promotion.generate-link',
  title: 'Generate promotion link',
  group: 'Operations',
  permission: 'coupons',
  target: 'none',
  keywords: ['offer', 'coupon', 'discount', 'promotion', 'link', 'generator'],
  params: {
    schema: generateLinkQuery,
    fields: {
      benefit: { kind: 'select', label: 'Benefit', options: fromFormData((data) => data.benefit) },
      landing_page: { kind: 'select', label: 'Landing page', options: fromFormData((data) => data.landing_page) },
      source: { kind: 'select', label: 'Source', options: fromFormData((data) => data.source) },
      action: { kind: 'select', label: 'Action', options: fromFormData((data) => data.action) },
      duration: { kind: 'number', label: 'Valid for', placeholder: 'e.g. 48', hint: 'At most 90 days.' },
      duration_unit: { kind: 'select', label: 'Unit', options: fromFormData((data) => data.duration_unit) },
      slug: { kind: 'text', label: 'Slug (optional)', placeholder: 'spring-sale', hint: 'Names the link in the list.' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    // The parsed form as it is: parsing it again with this console's enums would refuse a value only the server lists.
    call(api.marketing.generateLink, { query: params }, { signal }),
  result: (answer) => {
    const { link, promotion } = answer as { link: string; promotion: { expires_at: string; benefit: string } };
    return {
      title: 'Promotion link ready',
      message: `${promotionBenefitLabels[promotion.benefit as keyof typeof promotionBenefitLabels] ?? promotion.benefit}, valid until ${formatDateTime(promotion.expires_at)}.`,
      copy: { label: 'Link', value: link },
    };
  },
  revalidates: [api.marketing.links],
  successMessage: () => 'Promotion link generated',
});
