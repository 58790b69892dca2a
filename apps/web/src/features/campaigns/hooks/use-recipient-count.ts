import { useEffect, useState } from 'react';
import { fetchRecipientCount } from '../recipient-count-api';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The saved campaign's recipients now, read again each time `open` turns true; null until known. */
export function useRecipientCount(id: string | null, open: boolean): number | null {
  const dispatch = useCampaignDispatch();
  const [answer, setAnswer] = useState<{ id: string; count: number | null } | null>(null);
  useEffect(() => {
    if (!open || !id) return;
    let live = true;
    void dispatch(fetchRecipientCount(id))
      .unwrap()
      .then((count) => live && setAnswer({ id, count }));
    return () => {
      live = false;
    };
  }, [dispatch, id, open]);
  // Another campaign's answer (after a duplicate) is not this one's.
  return open && answer?.id === id ? answer.count : null;
}
