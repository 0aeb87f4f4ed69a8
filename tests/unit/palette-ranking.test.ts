import { describe, expect, it } from 'vitest';
import { matchClass, mergeRanked, type RankItem, rankItems, rankScored } from '../../views/palette/rank';

function item(value: string, label = value, keywords = ''): RankItem & { label: string } {
  return { value, label, lower: label.toLowerCase(), keywordsLower: keywords.toLowerCase(), boost: 0 };
}

describe('matchClass', () => {
  it('ranks a prefix over a word start over a substring', () => {
    expect(matchClass('suspend jane', 'sus')).toBe(3);
    expect(matchClass('jane doe', 'doe')).toBe(2);
    expect(matchClass('jane.doe@example.com', 'doe')).toBe(2);
    expect(matchClass('unsuspend', 'sus')).toBe(1);
    expect(matchClass('unsuspend', 'xyz')).toBe(0);
  });
});

describe('rankItems', () => {
  it('orders by match class first, then recency, then list order', () => {
    const items = [
      item('c', 'Unsuspend'),
      item('b', 'Go to Suspended'),
      item('a', 'Suspend'),
      item('d', 'Suspend all'),
    ];
    expect(rankItems(items, 'sus').map((each) => each.value)).toEqual(['a', 'd', 'b', 'c']);
    const recency = new Map([['d', 0]]);
    expect(rankItems(items, 'sus', recency).map((each) => each.value)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('matches keywords just below the label', () => {
    const items = [item('kw', 'Open customer', 'find user'), item('label', 'Find things')];
    expect(rankItems(items, 'find').map((each) => each.value)).toEqual(['label', 'kw']);
  });

  it('keeps at most 50 of 10,000 entries, in the right order, fast', () => {
    const items = Array.from({ length: 10_000 }, (_, index) =>
      item(`user:${index}`, index % 3 === 0 ? `Customer ${index} smith` : `Smith customer ${index}`),
    );
    const started = performance.now();
    const ranked = rankItems(
      items,
      'smith',
      new Map([
        ['user:9998', 0],
        ['user:9999', 0],
      ]),
    );
    const elapsed = performance.now() - started;
    expect(ranked).toHaveLength(50);
    expect(ranked[0]?.value).toBe('user:9998');
    expect(ranked.slice(1).every((each) => each.label.startsWith('Smith'))).toBe(true);
    expect(ranked[1]?.value).toBe('user:1');
    expect(rankItems(items, 'customer 9999').map((each) => each.value)).toEqual(['user:9999']);
    expect(elapsed).toBeLessThan(50);
  });

  it('lists everything up to the cap when nothing is typed, idle boosts first', () => {
    const items = [item('a'), { ...item('recent'), idleBoost: 50 }, item('b')];
    expect(rankItems(items, '').map((each) => each.value)).toEqual(['recent', 'a', 'b']);
  });
});

describe('mergeRanked', () => {
  it('puts the server’s customers below strong local matches and above substring ones, without duplicates', () => {
    const local = rankScored([item('go', 'Jane tools'), item('weak', 'Mojane'), item('user:1', 'Jane Doe')], 'jane');
    const merged = mergeRanked(local, [item('user:1', 'Jane Doe'), item('user:2', 'Janet')], 15.5);
    expect(merged.map((each) => each.value)).toEqual(['go', 'user:1', 'user:2', 'weak']);
  });
});
