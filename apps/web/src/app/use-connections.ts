import { useEffect, useState } from 'react';
import type { ConnectionView } from '@postlark/shared/integrations';
import { integrationsApi } from '../features/profile/integrations-api';

/**
 * The account's connected platforms (issue 22), read once with the Integrations tab's own call:
 * the campaign pages name the platform behind a campaign's `delivery_connection_id` with them.
 * `connections` is null while loading; a failure leaves it empty with `error` set, so the pages
 * still work with Postlark's own sending.
 */
export function useConnections() {
  const [connections, setConnections] = useState<ConnectionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void integrationsApi.load().then((outcome) => {
      if (!live) return;
      if (outcome.ok) setConnections(outcome.value.connections);
      else {
        setConnections([]);
        setError(outcome.message);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  return { connections, error };
}
