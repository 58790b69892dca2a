import { useEffect, useState } from 'react';
import { fetchSegment } from '../features/audience/audience-thunks';
import { useAppDispatch } from './store-hooks';

/**
 * The name of the segment filtering the subscribers table: null while it loads, '' when it is not
 * (or no longer) one of the customer's segments or could not be read.
 */
export function useSegmentName(segmentId: string | null): string | null {
  const dispatch = useAppDispatch();
  const [found, setFound] = useState<{ id: string; name: string } | null>(null);

  useEffect(() => {
    if (!segmentId) return;
    let live = true;
    dispatch(fetchSegment(segmentId))
      .unwrap()
      .then(
        (segment) => live && setFound({ id: segmentId, name: segment.name }),
        () => live && setFound({ id: segmentId, name: '' }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, segmentId]);

  return found && found.id === segmentId ? found.name : null;
}
