import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_LIMITS, type SearchAnswer, type SearchHit } from '@postlark/shared/search';
import { SEARCH_GROUPS, SEARCH_PLACEHOLDER, SEARCH_TEXTS } from '../top-bar-tools-content';
import { useTopBarSearch } from '../use-top-bar-search';
import { CampaignStatusPill } from '../../../components/ui/campaign-status-pill';
import { DashboardIcon } from './dashboard-icon';
import '../../../components/ui/page-state.css';
import './top-bar-search.css';

interface Option {
  id: string;
  hit: SearchHit;
  path: string;
}

function groupsOf(answer: SearchAnswer | null, baseId: string) {
  if (!answer) return [];
  return SEARCH_GROUPS.filter((group) => answer[group.kind].items.length > 0).map((group) => ({
    ...group,
    result: answer[group.kind],
    options: answer[group.kind].items.map((hit, index): Option => ({
      id: `${baseId}-${group.kind}-${index}`,
      hit,
      path: group.open(hit.id),
    })),
  }));
}

/** Typing into another field, where '/' is a character, not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The top bar's 'Search Newsletter' box: an ARIA combobox whose listbox groups the customer's
 * campaigns, subscribers, lists and segments. '/' anywhere else focuses it; arrows move through
 * the results, Enter opens one, Escape closes them.
 */
export function TopBarSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const state = useTopBarSearch(text);
  const answer = state.phase === 'done' || state.phase === 'loading' ? state.answer : null;
  const groups = useMemo(() => groupsOf(answer, baseId), [answer, baseId]);
  const options = groups.flatMap((group) => group.options);
  const shown = open && text.trim() !== '';
  // The highlighted result belongs to one set of results: different results, new text or a choice start again from none.
  const resultsKey = options.map((option) => option.path).join(' ');
  const [highlight, setHighlight] = useState({ resultsKey: '', index: -1 });
  const active = highlight.resultsKey === resultsKey ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ resultsKey, index });

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      // Not while a dialog is open: the page behind it is out of reach.
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function choose(option: Option) {
    setActive(-1);
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    void navigate(option.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active === -1 && step < 0 ? options.length - 1 : (active + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // An IME's Enter confirms the composed characters, not a result.
      if (event.nativeEvent.isComposing) return;
      event.preventDefault();
      // The lone result stands in only when it answers the text as typed now, not a query being replaced.
      const option = options[active] ?? (state.phase === 'done' && options.length === 1 ? options[0] : undefined);
      if (shown && option) choose(option);
    } else if (event.key === 'Escape') {
      // Closes the results first; a second Escape clears the box (the search input's own Escape would clear it at once).
      event.preventDefault();
      if (shown) setOpen(false);
      else setText('');
    }
  }

  const activeOption = shown ? options[active] : undefined;
  const found = options.length;
  // The listbox exists only with options in it: an empty one is an error to assistive technology.
  const expanded = shown && found > 0;
  const announcement = !shown ? '' : state.phase === 'failed' ? SEARCH_TEXTS.failed : state.phase === 'done' ? (found ? SEARCH_TEXTS.found(found) : SEARCH_TEXTS.noResults) : '';

  return (
    <form
      className="top-bar__search top-search"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <DashboardIcon name="search" size={18} />
      <input
        ref={inputRef}
        type="search"
        className="top-bar__search-input"
        placeholder={SEARCH_PLACEHOLDER}
        aria-label={SEARCH_PLACEHOLDER}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOption?.id}
        aria-keyshortcuts="/"
        autoComplete="off"
        maxLength={SEARCH_LIMITS.query}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {text === '' && (
        <kbd className="top-search__key" title={SEARCH_TEXTS.shortcut} aria-hidden="true">
          /
        </kbd>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="top-search__panel" hidden={!shown}>
        {state.phase === 'loading' && <p className="top-search__note page-loading">{SEARCH_TEXTS.searching}</p>}
        {state.phase === 'failed' && <p className="top-search__note">{SEARCH_TEXTS.failed}</p>}
        {state.phase === 'done' && found === 0 && <p className="top-search__note">{SEARCH_TEXTS.noResults}</p>}
        {state.phase === 'done' && state.answer.q.length < SEARCH_LIMITS.subscriberMinLength && (
          <p className="top-search__note">{SEARCH_TEXTS.subscribersFrom(SEARCH_LIMITS.subscriberMinLength)}</p>
        )}
        {expanded && (
          <div id={listboxId} role="listbox" aria-label={SEARCH_TEXTS.results} className="top-search__list">
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${baseId}-${group.kind}`} className="top-search__group">
                <div role="presentation" id={`${baseId}-${group.kind}`} className="top-search__heading">
                  {group.heading}
                  <span className="top-search__count">{SEARCH_TEXTS.total(group.options.length, group.result.total, group.result.capped)}</span>
                </div>
                {group.options.map((option) => (
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={option === activeOption}
                    className="top-search__option"
                    // Keeps the focus in the box, so the click is not lost to its blur.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={(event) => {
                      // Chromium also sends a mousemove, without movement, when the panel appears under a resting pointer.
                      if (event.movementX !== 0 || event.movementY !== 0) setActive(options.indexOf(option));
                    }}
                    onClick={() => choose(option)}
                  >
                    <span className="top-search__icon" aria-hidden="true">
                      <DashboardIcon name={group.icon} size={16} />
                    </span>
                    <span className="top-search__text">
                      <span className="top-search__title">{option.hit.title}</span>
                      {option.hit.detail && <span className="top-search__detail">{option.hit.detail}</span>}
                    </span>
                    {option.hit.status && <CampaignStatusPill status={option.hit.status} />}
                  </div>
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
    </form>
  );
}
