import { describe, expect, it } from 'vitest';
import { baseUrlSchema, buildTrackingLink, slugSchema, utmValueSchema } from '../../domain/partner-fields';
import { bundleActionsByState, bundleState } from '../../domain/partner-vocabulary';

describe('the link builder', () => {
  it('adds the four UTMs to the base URL, replacing its own, keeping its other parameters and fragment', () => {
    const link = buildTrackingLink('https://loupe.example/signup?plan=pro&utm_source=old#pricing', {
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'spring_sale',
      utm_content: 'reel_01',
    });
    expect(link).toBe(
      'https://loupe.example/signup?plan=pro&utm_source=instagram&utm_medium=social&utm_campaign=spring_sale&utm_content=reel_01#pricing',
    );
    const withoutContent = buildTrackingLink('http://loupe.example/?utm_content=x', {
      utm_source: 'blog',
      utm_medium: 'referral',
      utm_campaign: 'brand',
      utm_content: null,
    });
    expect(withoutContent).toBe('http://loupe.example/?utm_source=blog&utm_medium=referral&utm_campaign=brand');
  });

  it('takes only public https base URLs (docs/security.md: no http, no local hosts)', () => {
    for (const url of ['https://loupe.example/x', 'https://shop.loupe.example/a?b=c']) {
      expect(baseUrlSchema.safeParse(url).success, url).toBe(true);
    }
    for (const url of [
      'http://localhost:8080/',
      'ftp://loupe.example',
      'javascript:alert(1)',
      'loupe.example',
      'mailto:a@b.example',
      '',
    ]) {
      expect(baseUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });

  it('lower-cases UTM values and refuses spaces; slugs are lower-case words joined by single hyphens', () => {
    expect(utmValueSchema.parse(' Spring_Sale ')).toBe('spring_sale');
    expect(utmValueSchema.safeParse('spring sale').success).toBe(false);
    for (const slug of ['spring-reel', 'abc', 'a1-b2-c3']) expect(slugSchema.safeParse(slug).success, slug).toBe(true);
    for (const slug of ['ab', 'Spring', 'double--hyphen', '-start', 'end-', 'under_score', 'x'.repeat(65)]) {
      expect(slugSchema.safeParse(slug).success, slug).toBe(false);
    }
  });
});

describe('bundle states', () => {
  it('offers exactly the actions of spec §4 for each state', () => {
    expect(bundleActionsByState[bundleState({ is_in_shop: false, is_deleted: false })]).toEqual([
      'ADD_TO_SHOP',
      'ACTIVATE_SHOP_DISCOUNT',
      'RE-ORDER_PHOTOS',
    ]);
    expect(bundleActionsByState[bundleState({ is_in_shop: true, is_deleted: false })]).toEqual([
      'UPDATE',
      'RE-CREATE_PAGE',
      'DELETE',
    ]);
    expect(bundleActionsByState[bundleState({ is_in_shop: true, is_deleted: true })]).toEqual([]);
  });
});
