import { describe, expect, it } from 'vitest';
import { seedNow } from '../../server/seed/customers';
import { partnerUpdatedAt } from '../../server/seed/partners';
import { Random } from '../../server/seed/random';

describe('demo seed dates (issue 20 item 8: dates in the past where they are past)', () => {
  it('never dates a partner’s last update after the seed’s now, whatever the draw (its today’s afternoon included)', () => {
    const stamps = Array.from({ length: 20_000 }, (_, seed) => partnerUpdatedAt(new Random(seed)));
    const later = stamps.filter((stamp) => Date.parse(stamp) > seedNow);
    expect(later).toEqual([]);
    // Still spread over the past, not all pinned to one moment.
    expect(new Set(stamps.map((stamp) => stamp.slice(0, 10))).size).toBeGreaterThan(300);
    expect(stamps.every((stamp) => /^\d{4}-\d{2}-\d{2}T\d{2}:00:00Z$/.test(stamp))).toBe(true);
  });
});
