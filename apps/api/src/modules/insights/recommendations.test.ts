import { describe, expect, it } from 'vitest';
import { fitRecommendations, type ProductSignal, recommend } from './recommendations';

const NOW = new Date('2026-11-25T00:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const bought = (productIds: string[], days = 0): ProductSignal[] => productIds.map((productId) => ({ productId, at: daysAgo(days), kind: 'order' }));
const viewed = (productIds: string[], days = 0): ProductSignal[] => productIds.map((productId) => ({ productId, at: daysAgo(days), kind: 'view' }));
const everything = () => true;

describe('recommend', () => {
  // Three people bought milk: two with bread, one with butter; someone bought eggs alone.
  const model = fitRecommendations([bought(['milk', 'bread']), bought(['milk', 'bread']), bought(['milk', 'butter']), bought(['eggs'])], NOW);

  it('ranks what was bought with the person\'s items by confidence × popularity^0.3, naming the item', () => {
    const picks = recommend(model, bought(['milk']), everything, 2, NOW);
    expect(picks.map((pick) => pick.productId)).toEqual(['bread', 'butter']);
    // P(bread | milk) = 2/3 with N(bread) = 2; P(butter | milk) = 1/3 with N(butter) = 1.
    expect(picks[0]!.score).toBeCloseTo((2 / 3) * 2 ** 0.3, 10);
    expect(picks[1]!.score).toBeCloseTo(1 / 3, 10);
    expect(picks.map((pick) => pick.reason)).toEqual([
      { kind: 'bought_with', productId: 'milk' },
      { kind: 'bought_with', productId: 'milk' },
    ]);
  });

  it('never offers what the person bought, nor what is unavailable, and fills up with the popular', () => {
    const picks = recommend(model, bought(['milk', 'bread']), (productId) => productId !== 'butter', 5, NOW);
    // Butter (bought with milk) is out of stock; eggs come as popular, nothing bought comes back.
    expect(picks).toEqual([{ productId: 'eggs', score: 1 / 7, reason: { kind: 'popular' } }]);
  });

  it('offers a product the person only viewed', () => {
    const picks = recommend(model, [...bought(['milk']), ...viewed(['bread'])], everything, 1, NOW);
    expect(picks.map((pick) => pick.productId)).toEqual(['bread']);
  });

  it('recommends the popular to someone without history, the recent purchases first', () => {
    // Tea: three buyers 90 days ago (three half-lives: 3/8); coffee: two buyers today (2).
    const shop = fitRecommendations([bought(['tea'], 90), bought(['tea'], 90), bought(['tea'], 90), bought(['coffee']), bought(['coffee'])], NOW);
    const picks = recommend(shop, [], everything, 5, NOW);
    expect(picks.map((pick) => [pick.productId, pick.reason.kind])).toEqual([
      ['coffee', 'popular'],
      ['tea', 'popular'],
    ]);
    expect(picks[0]!.score).toBeCloseTo(2 / 2.375, 10);
    expect(picks[1]!.score).toBeCloseTo(0.375 / 2.375, 10);
  });

  it('decays co-occurrence by age: two old pairs weigh less than one of today', () => {
    // Jam went with bread twice two years ago (four half-lives each side), honey once today.
    const shop = fitRecommendations([bought(['bread', 'jam'], 720), bought(['bread', 'jam'], 720), bought(['bread', 'honey'])], NOW);
    expect(recommend(shop, bought(['bread']), everything, 2, NOW).map((pick) => pick.productId)).toEqual(['honey', 'jam']);
    // The same history, all of it today: jam's two pairs win.
    const fresh = fitRecommendations([bought(['bread', 'jam']), bought(['bread', 'jam']), bought(['bread', 'honey'])], NOW);
    expect(recommend(fresh, bought(['bread']), everything, 2, NOW).map((pick) => pick.productId)).toEqual(['jam', 'honey']);
  });

  it('counts a pair of a big basket for less than a pair of a small one', () => {
    // Cheese came with crackers in a basket of two; olives with crackers in two baskets of five,
    // each pair of those worth 1/4. P(cheese | crackers) = 1/3, P(olives | crackers) = (2/4)/3.
    const shop = fitRecommendations([bought(['crackers', 'cheese']), bought(['crackers', 'olives', 'a', 'b', 'c']), bought(['crackers', 'olives', 'd', 'e', 'f'])], NOW);
    const picks = recommend(shop, bought(['crackers']), everything, 2, NOW);
    expect(picks.map((pick) => pick.productId)).toEqual(['cheese', 'olives']);
    expect(picks[0]!.score).toBeCloseTo(1 / 3, 10);
    expect(picks[1]!.score).toBeCloseTo((0.5 / 3) * 2 ** 0.3, 10);
  });

  it('weighs a view below a purchase', () => {
    // Socks were bought with shoes; a scarf was only viewed by a shoe buyer.
    const shop = fitRecommendations([bought(['shoes', 'socks']), [...bought(['shoes']), ...viewed(['scarf'])]], NOW);
    const picks = recommend(shop, bought(['shoes']), everything, 2, NOW);
    expect(picks.map((pick) => pick.productId)).toEqual(['socks', 'scarf']);
    expect(picks[1]!.score / picks[0]!.score).toBeCloseTo(0.3 * 0.3 ** 0.3, 10);
  });
});
