import { useEffect, useState } from 'react';
import type { CountryEntry } from '@postlark/shared/account';
import { fetchCountries } from './signup-api';

/** The countries service's list, sorted by name; empty until it answers, and if it fails (SPEC section 8: console only). */
export function useCountries(): CountryEntry[] {
  const [countries, setCountries] = useState<CountryEntry[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchCountries(controller.signal).then(setCountries, (error: unknown) => {
      if (!controller.signal.aborted) console.error('Could not load the countries list:', error);
    });
    return () => controller.abort();
  }, []);
  return countries;
}
