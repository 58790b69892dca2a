import countries from 'world-countries';
import type { CountryEntry } from '@postlark/shared/account';

// world-countries is a maintained ISO 3166 data package; its entries already have SPEC section 7's
// shape (name.common and the two-letter cca2). Sorted by name as the sign-up select shows them.
export const COUNTRY_LIST: readonly CountryEntry[] = countries
  .map((country) => ({ name: { common: country.name.common }, cca2: country.cca2 }))
  .sort((a, b) => a.name.common.localeCompare(b.name.common, 'en'));

export const COUNTRY_NAMES: ReadonlySet<string> = new Set(COUNTRY_LIST.map((country) => country.name.common));
