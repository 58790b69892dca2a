import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { PROFILE_TABS, type ProfileTabId } from '../profile-content';

interface ProfileTabsProps {
  active: ProfileTabId;
  onChange(tab: ProfileTabId): void;
  /** A tab's panel; drawn on its first visit and kept, so typing survives a look at another tab. */
  renderPanel(tab: ProfileTabId): ReactNode;
}

/** SPEC section 2's six profile tabs, as a tablist: arrow keys, Home and End move between them. */
export function ProfileTabs({ active, onChange, renderPanel }: ProfileTabsProps) {
  const [visited, setVisited] = useState<ReadonlySet<ProfileTabId>>(() => new Set([active]));
  const tabRefs = useRef(new Map<ProfileTabId, HTMLButtonElement>());
  if (!visited.has(active)) setVisited(new Set(visited).add(active));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = PROFILE_TABS.findIndex((tab) => tab.id === active);
    const last = PROFILE_TABS.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = PROFILE_TABS[(next + PROFILE_TABS.length) % PROFILE_TABS.length]!;
    onChange(target.id);
    tabRefs.current.get(target.id)?.focus();
  }

  return (
    <div className="profile-tabs">
      <div className="profile-tabs__scroller">
        <div className="profile-tabs__list" role="tablist" aria-label="Profile sections" onKeyDown={onKeyDown}>
          {PROFILE_TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`profile-tab-${tab.id}`}
              className="profile-tabs__tab"
              aria-selected={tab.id === active}
              aria-controls={`profile-panel-${tab.id}`}
              tabIndex={tab.id === active ? 0 : -1}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      {PROFILE_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`profile-panel-${tab.id}`}
          aria-labelledby={`profile-tab-${tab.id}`}
          className="profile-tabs__panel"
          hidden={tab.id !== active}
        >
          {visited.has(tab.id) && renderPanel(tab.id)}
        </div>
      ))}
    </div>
  );
}
