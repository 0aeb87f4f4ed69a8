import { api } from '../../domain/api';
import {
  durationUnitLabels,
  durationUnits,
  generateLinkQuery,
  landingPages,
  promotionActions,
  promotionBenefitLabels,
  promotionBenefits,
} from '../../domain/marketing';
import { call } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { defineCommand } from '../define';

const choices = <T extends string>(values: readonly T[], labels?: Record<T, string>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value.charAt(0) + value.slice(1).toLowerCase() }));

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
      benefit: { kind: 'select', label: 'Benefit', options: choices(promotionBenefits, promotionBenefitLabels) },
      landing_page: { kind: 'select', label: 'Landing page', options: choices(landingPages) },
      source: {
        kind: 'select',
        label: 'Source',
        options: [{ value: 'CUSTOMER_MESSAGING', label: 'Customer messaging' }],
      },
      action: { kind: 'select', label: 'Action', options: choices(promotionActions) },
      duration: { kind: 'number', label: 'Valid for', placeholder: 'e.g. 48', hint: 'At most 90 days.' },
      duration_unit: { kind: 'select', label: 'Unit', options: choices(durationUnits, durationUnitLabels) },
      slug: { kind: 'text', label: 'Slug (optional)', placeholder: 'spring-sale', hint: 'Names the link in the list.' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.marketing.generateLink,
      { query: generateLinkQuery.parse({ ...params, slug: params.slug ?? '' }) },
      { signal },
    ),
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
