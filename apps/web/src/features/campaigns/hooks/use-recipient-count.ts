import { useEffect, useState } from 'react';
import { fetchRecipientCount } from '../recipient-count-api';
import { useCampaignDispatch } from './use-campaign-dispatch';

/** The saved campaign's recipients now, read each time `open` turns true; null until known. */
export function useRecipientCount(id: string | null, open: boolean): number | null {
  const dispatch = useCampaignDispatch();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!open || !id) return;
    let live = true;
    setCount(null);
    void dispatch(fetchRecipientCount(id))
      .unwrap()
      .then((next) => live && setCount(next));
    return () => {
      live = false;
    };
  }, [dispatch, id, open]);
  return count;
}
