import { SAVED_SECTIONS_PATH, type SavedSection } from '@postlark/shared/saved-sections';
import { webEnv } from '../../config/env';
import { requestJson } from '../../lib/api-client';

// The account's saved sections as the editor last read them, shared by every section block on the
// page: an edit made in one block's dialog redraws every block of that section at once.

type Known = SavedSection | 'missing';

const known = new Map<string, Known>();
const reading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const saves = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Called on every change of any section; answers the unsubscribe. */
export function onSectionsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The section as known, undefined until read (reading it once); 'missing' when it was deleted. */
export function knownSection(id: string): Known | undefined {
  const found = known.get(id);
  if (found === undefined && !reading.has(id)) {
    const read = requestJson<{ payload: SavedSection }>('GET', `${webEnv.apiBase}${SAVED_SECTIONS_PATH}/${encodeURIComponent(id)}`).then(
      (answer) => {
        if (answer.ok && answer.body) known.set(id, answer.body.payload);
        else if (answer.status === 404) known.set(id, 'missing');
        reading.delete(id);
        changed();
      },
      () => {
        reading.delete(id);
      },
    );
    reading.set(id, read);
  }
  return found;
}

/** Called after a section was saved (the preview asks again); answers the unsubscribe. */
export function onSectionsSaved(listener: () => void): () => void {
  saves.add(listener);
  return () => {
    saves.delete(listener);
  };
}

/** A section as read in a list (`saved`: false) or as the server answered a save of it. */
export function rememberSection(section: SavedSection, saved = false) {
  known.set(section.id, section);
  changed();
  if (saved) for (const listener of saves) listener();
}
