import { type FocusEvent, type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { Logo } from '../../../components/ui/logo';
import { PlatformMark } from '../../../components/ui/platform-mark';
import { NAV_ITEMS, type NavItem } from '../dashboard-content';
import { DashboardIcon } from './dashboard-icon';
import './sidebar.css';

interface SidebarProps {
  id: string;
  /** Icon-only (wide screens); on phones the sidebar is a drawer and always wide. */
  collapsed: boolean;
  /** Phones: whether the drawer is out. */
  drawer: 'closed' | 'open' | null;
  selected: string | null;
  onSelect(id: string): void;
  onCloseDrawer(): void;
  /** Where the sub-items that are pages lead, by their id: the app knows its pages, this feature does not. */
  links?: Readonly<Record<string, string>>;
}

/**
 * SPEC section 2's sidebar. Selecting an item highlights it (aria-current); Home also leads back to
 * the dashboard's home. Campaigns, Auto A/B Testing and Subscribers open their sub-items inline
 * when the sidebar is wide, and in a flyout when it is icon-only: on hover, and on keyboard focus
 * (Escape closes). Subscribers' sub-items are links to the audience's pages, Reports to the reports.
 */
export function Sidebar({ id, collapsed, drawer, selected, onSelect, onCloseDrawer, links = {} }: SidebarProps) {
  const main = NAV_ITEMS.filter((item) => !item.foot);
  const foot = NAV_ITEMS.filter((item) => item.foot);
  const classes = ['sidebar', collapsed ? 'sidebar--collapsed' : '', drawer ? 'sidebar--drawer' : '', drawer === 'open' ? 'sidebar--open' : ''];

  return (
    <aside
      id={id}
      className={classes.filter(Boolean).join(' ')}
      aria-label="Sidebar"
      // A closed drawer is off screen: its links must not take focus either.
      inert={drawer === 'closed'}
      onKeyDown={(event) => {
        if (drawer === 'open' && event.key === 'Escape') onCloseDrawer();
      }}
    >
      <div className="sidebar__brand">
        <Logo tone="light" />
        {drawer === 'open' && (
          <button type="button" className="sidebar__close" aria-label="Close sidebar" onClick={onCloseDrawer}>
            <DashboardIcon name="close" />
          </button>
        )}
      </div>
      <nav className="sidebar__nav" aria-label="Dashboard">
        <ul className="sidebar__list">
          {main.map((item) => (
            <SidebarItem key={item.id} item={item} collapsed={collapsed} selected={selected} onSelect={onSelect} links={links} />
          ))}
        </ul>
        <ul className="sidebar__list sidebar__list--foot">
          {foot.map((item) => (
            <SidebarItem key={item.id} item={item} collapsed={collapsed} selected={selected} onSelect={onSelect} links={links} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}

interface ItemProps {
  item: NavItem;
  collapsed: boolean;
  selected: string | null;
  onSelect(id: string): void;
  links: Readonly<Record<string, string>>;
}

function SidebarItem({ item, collapsed, selected, onSelect, links }: ItemProps) {
  const current = selected === item.id;
  const label = <span className="sidebar__label">{item.label}</span>;
  const icon = (
    <span className="sidebar__icon">
      <DashboardIcon name={item.icon} />
    </span>
  );

  if (item.children) return <SidebarGroup item={item} collapsed={collapsed} selected={selected} onSelect={onSelect} links={links} />;
  // Home leads to the dashboard's home; an item the app gives an address (Reports) leads there.
  const to = item.id === 'home' ? ROUTES.dashboard : links[item.id];

  return (
    <li className={`sidebar__item sidebar__item--${item.id}`}>
      {to ? (
        <Link
          to={to}
          className="sidebar__link"
          aria-current={current ? 'page' : undefined}
          onClick={() => onSelect(item.id)}
        >
          {icon}
          {label}
        </Link>
      ) : (
        <button
          type="button"
          className="sidebar__link"
          aria-current={current ? 'page' : undefined}
          aria-haspopup={item.opensDialog ? 'dialog' : undefined}
          onClick={() => onSelect(item.id)}
        >
          {icon}
          {label}
        </button>
      )}
    </li>
  );
}

const FLYOUT_CLOSE_DELAY_MS = 150;

function SidebarGroup({ item, collapsed, selected, onSelect, links }: ItemProps) {
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const children = item.children ?? [];
  const current = selected === item.id;
  const holdsCurrent = children.some((child) => child.id === selected);
  // A group of pages is a way to them, not a selection of its own: its button only opens it.
  const leadsToPages = children.some((child) => links[child.id] !== undefined);
  // A group the app gives an address of its own (Campaigns) opens that page too.
  const to = links[item.id];
  const navigate = useNavigate();
  // Wide, a group holding the current page shows it open, also on arrival at that page.
  const [expanded, setExpanded] = useState(holdsCurrent);
  const [heldCurrent, setHeldCurrent] = useState(holdsCurrent);
  if (holdsCurrent !== heldCurrent) {
    setHeldCurrent(holdsCurrent);
    if (holdsCurrent) setExpanded(true);
  }
  const [flyout, setFlyout] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // Escape hands focus back to the button; that focus must not open the flyout again.
  const focusingBack = useRef(false);
  const open = collapsed ? flyout : expanded;

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function openFlyout() {
    window.clearTimeout(closeTimer.current);
    if (collapsed) setFlyout(true);
  }

  function closeFlyoutSoon(event: MouseEvent<HTMLLIElement>) {
    const item = event.currentTarget;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => {
      // The pointer left, but keyboard focus is still in the flyout: it stays until focus leaves.
      const focused = document.activeElement;
      if (focused && item.contains(focused) && focused.matches(':focus-visible')) return;
      setFlyout(false);
    }, FLYOUT_CLOSE_DELAY_MS);
  }

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFlyout(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    if (collapsed) setFlyout(false);
    else setExpanded(false);
    focusingBack.current = true;
    buttonRef.current?.focus();
    focusingBack.current = false;
  }

  return (
    <li
      className={`sidebar__item sidebar__group${open ? ' sidebar__group--open' : ''}`}
      onMouseEnter={openFlyout}
      onMouseLeave={closeFlyoutSoon}
      onBlur={collapsed ? onBlur : undefined}
      onKeyDown={onKeyDown}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`sidebar__link${holdsCurrent ? ' sidebar__link--holds-current' : ''}`}
        aria-current={current ? 'page' : undefined}
        aria-expanded={open}
        aria-controls={listId}
        onFocus={() => {
          if (!focusingBack.current) openFlyout();
        }}
        onClick={() => {
          if (!leadsToPages) onSelect(item.id);
          if (to) void navigate(to);
          if (collapsed) setFlyout(true);
          else setExpanded((shown) => !shown);
        }}
      >
        <span className="sidebar__icon">
          <DashboardIcon name={item.icon} />
        </span>
        <span className="sidebar__label">{item.label}</span>
        <span className="sidebar__chevron">
          <DashboardIcon name={collapsed ? 'chevronRight' : 'chevronDown'} size={16} />
        </span>
      </button>
      <div className={collapsed ? 'sidebar__flyout' : 'sidebar__sub'} hidden={!open}>
        {collapsed && (
          <p className="sidebar__flyout-title" aria-hidden="true">
            {item.label}
          </p>
        )}
        <ul id={listId} className="sidebar__sublist" aria-label={item.label}>
          {children.map((child) => {
            const mark = child.platform ? (
              <PlatformMark platform={child.platform} size="sm" />
            ) : (
              child.icon && (
                <span className="sidebar__subicon">
                  <DashboardIcon name={child.icon} size={18} />
                </span>
              )
            );
            const to = links[child.id];
            return (
              <li key={child.id}>
                {to ? (
                  <Link to={to} className="sidebar__sublink" aria-current={selected === child.id ? 'page' : undefined} onClick={() => onSelect(child.id)}>
                    {mark}
                    {child.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="sidebar__sublink"
                    aria-current={selected === child.id ? 'page' : undefined}
                    onClick={() => onSelect(child.id)}
                  >
                    {mark}
                    {child.label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}
