import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { DashboardIcon } from './dashboard-icon';
import './avatar-menu.css';

interface AvatarMenuProps {
  /** The first letter of the first name, '!' without one; null while the profile loads. */
  initial: string | null;
  firstName: string;
  email: string;
  /** The Notification badge; hidden at 0. */
  badge: number;
  loggingOut: boolean;
  /** The menu opens: a moment to bring its badge up to date. */
  onOpenMenu(): void;
  onOpenNotifications(): void;
  /** The notification panel, given the way back to the menu. */
  renderNotifications(back: () => void): ReactNode;
  onLogOut(): void;
}

type View = 'closed' | 'menu' | 'notifications';

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * Keys inside the open popover: the arrows (and Home, End) move between its links and buttons,
 * and Tab cycles through them, so focus stays in the popover until Escape or a choice closes it.
 */
function moveFocus(event: ReactKeyboardEvent<HTMLDivElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const steps: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: last };
  let next: number | undefined = steps[event.key];
  if (event.key === 'Tab') {
    // Only the ends wrap; between them Tab moves as it always does.
    if (event.shiftKey && at <= 0) next = last;
    else if (!event.shiftKey && at === last) next = 0;
    else return;
  }
  if (next === undefined) return;
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}

/**
 * SPEC section 2's avatar menu: the first name; Notification with its badge, which opens the
 * notification panel in place; Profile; Account & billing; Log out; Privacy and Terms; a Cookie
 * Preferences label. Escape or a click outside closes it and focus returns to the avatar.
 */
export function AvatarMenu({
  initial,
  firstName,
  email,
  badge,
  loggingOut,
  onOpenMenu,
  onOpenNotifications,
  renderNotifications,
  onLogOut,
}: AvatarMenuProps) {
  const [view, setView] = useState<View>('closed');
  const rootRef = useRef<HTMLDivElement>(null);
  const avatarRef = useRef<HTMLButtonElement>(null);
  const notificationRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const open = view !== 'closed';

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setView('closed');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setView('closed');
      avatarRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => {
    if (view === 'menu') notificationRef.current?.focus();
  }, [view]);

  const close = () => setView('closed');
  const avatarLabel = badge > 0 ? `Account menu, ${badge} unread ${badge === 1 ? 'notification' : 'notifications'}` : 'Account menu';

  return (
    <div className="avatar-menu" ref={rootRef}>
      <button
        ref={avatarRef}
        type="button"
        className="avatar-menu__avatar"
        aria-label={avatarLabel}
        aria-expanded={open}
        aria-controls={popoverId}
        aria-busy={initial === null || undefined}
        onClick={() => {
          if (!open) onOpenMenu();
          setView(open ? 'closed' : 'menu');
        }}
      >
        <span className="avatar" aria-hidden="true">
          {initial ?? ''}
        </span>
        {badge > 0 && <span className="avatar-menu__dot" aria-hidden="true" />}
      </button>
      <div id={popoverId} className="avatar-menu__popover" hidden={!open} onKeyDown={moveFocus}>
        {view === 'notifications' ? (
          renderNotifications(() => setView('menu'))
        ) : (
          <>
            <div className="avatar-menu__who">
              <span className="avatar avatar--lg" aria-hidden="true">
                {initial ?? ''}
              </span>
              <div className="avatar-menu__names">
                <p className="avatar-menu__name">{firstName}</p>
                {email && <p className="avatar-menu__email">{email}</p>}
              </div>
            </div>
            <ul className="avatar-menu__list">
              <li>
                <button
                  ref={notificationRef}
                  type="button"
                  className="avatar-menu__item"
                  onClick={() => {
                    setView('notifications');
                    onOpenNotifications();
                  }}
                >
                  <DashboardIcon name="bell" />
                  Notification{' '}
                  {badge > 0 && (
                    <span className="avatar-menu__badge">
                      {badge}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </button>
              </li>
              <li>
                <Link className="avatar-menu__item" to={ROUTES.profile} onClick={close}>
                  <DashboardIcon name="user" />
                  Profile
                </Link>
              </li>
              <li>
                <Link className="avatar-menu__item" to={`${ROUTES.profile}?tab=billing`} onClick={close}>
                  <DashboardIcon name="card" />
                  Account &amp; billing
                </Link>
              </li>
              <li>
                <button type="button" className="avatar-menu__item" disabled={loggingOut} onClick={onLogOut}>
                  <DashboardIcon name="logout" />
                  {loggingOut ? 'Logging out...' : 'Log out'}
                </button>
              </li>
            </ul>
            <div className="avatar-menu__foot">
              <Link to={ROUTES.privacy} onClick={close}>
                Privacy Policy
              </Link>
              <span aria-hidden="true">·</span>
              <Link to={ROUTES.terms} onClick={close}>
                Terms of Use
              </Link>
              <span className="avatar-menu__cookies">Cookie Preferences</span>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
