import { useEffect, useState } from 'react';
import type { AttributeKeysState } from '../features/audience/components/attribute-key-select';
import { asAudienceFailure } from '../features/audience/audience-thunks';
import { ATTRIBUTE_CONDITION_TEXTS } from '../features/audience/tools-content';
import { fetchAttributeKeys } from '../features/audience/tools-thunks';
import { useAppDispatch } from './store-hooks';

/**
 * The attribute keys the customer's subscribers have, for the segment builder's picker: read each
 * time a builder opens (`builder`, the segment's id or 'new'; null while none is open), so keys an
 * import just added are there, and not again while it stays open.
 */
export function useAttributeKeys(builder: string | null): AttributeKeysState {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<{ builder: string; keys: AttributeKeysState } | null>(null);

  useEffect(() => {
    if (builder === null) return;
    let live = true;
    dispatch(fetchAttributeKeys())
      .unwrap()
      .then(
        (keys) => live && setLoaded({ builder, keys: { state: 'done', keys } }),
        (reason: unknown) => live && setLoaded({ builder, keys: { state: 'failed', message: asAudienceFailure(reason, ATTRIBUTE_CONDITION_TEXTS.failed).message } }),
      );
    return () => {
      live = false;
    };
  }, [dispatch, builder]);

  return loaded && loaded.builder === builder ? loaded.keys : { state: 'loading' };
}
