import { AUDIENCE_MESSAGES, type BulkActionRequest } from '@postlark/shared/audience';
import { HttpError } from '../../http/errors';
import { addTargetToList, type BulkTarget, eraseTarget, removeTargetFromList, unsubscribeTarget } from './bulk.repository';
import { resolveFilter } from './segments.service';
import { ownListIds } from './subscribers.repository';
import type { AudienceDeps } from './audience-deps';

/** Runs one bulk action on a selection or on a whole filter; answers how many subscribers it changed. */
export async function applyBulkAction(deps: AudienceDeps, customerId: string, request: BulkActionRequest): Promise<number> {
  const now = deps.now();
  const target: BulkTarget = request.ids ? { ids: [...new Set(request.ids)] } : { filter: await resolveFilter(deps, customerId, request.filter!) };
  if ('ids' in target && target.ids.length === 0) return 0;
  switch (request.action) {
    case 'add_to_list':
    case 'remove_from_list': {
      const listId = request.list_id!;
      if ((await ownListIds(deps.db, customerId, [listId])).length === 0) {
        throw new HttpError(400, AUDIENCE_MESSAGES.listIdsInvalid, { list_id: AUDIENCE_MESSAGES.listIdsInvalid });
      }
      return request.action === 'add_to_list'
        ? addTargetToList(deps.db, customerId, listId, target, now)
        : removeTargetFromList(deps.db, customerId, listId, target, now);
    }
    case 'unsubscribe':
      return unsubscribeTarget(deps.db, customerId, target, now);
    case 'delete':
      return eraseTarget(deps.db, customerId, target, now);
  }
}
