import type { ReactNode } from 'react';
import { AI_MESSAGES } from '@postlark/shared/ai';
import { Logo } from '../../../components/ui/logo';
import { FREE_ATTEMPTS_LEFT } from '../dashboard-content';
import { CampaignCalendar } from './campaign-calendar';
import { DashboardIcon } from './dashboard-icon';
import { TopBarSearch } from './top-bar-search';
import './top-bar.css';

interface TopBarProps {
  sidebarId: string;
  sidebarShown: boolean;
  onToggleSidebar(): void;
  /** The avatar and its menu. */
  account: ReactNode;
  /** Help and its panel (HelpPanel). */
  help: ReactNode;
  /** The account's free AI generations left (GET /api/ai/provider); null until known, when the badge keeps its place unseen. */
  freeAttemptsLeft?: number | null;
}

/**
 * SPEC section 2's top bar: the sidebar toggle, the search box ('Search Newsletter', TopBarSearch),
 * the 'Free attempts left: N' badge (3 for a new account, one fewer per AI generation on the server's
 * default provider), Help, the calendar icon (CampaignCalendar's month view) and the avatar.
 */
export function TopBar({ sidebarId, sidebarShown, onToggleSidebar, account, help, freeAttemptsLeft = FREE_ATTEMPTS_LEFT }: TopBarProps) {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="top-bar__icon-button top-bar__toggle"
        aria-label="Toggle sidebar"
        aria-controls={sidebarId}
        aria-expanded={sidebarShown}
        onClick={onToggleSidebar}
      >
        <DashboardIcon name="menu" size={22} />
      </button>
      <div className="top-bar__brand">
        <Logo />
      </div>
      <TopBarSearch />
      <p className={`top-bar__attempts${freeAttemptsLeft === null ? ' top-bar__attempts--pending' : ''}`} aria-hidden={freeAttemptsLeft === null ? true : undefined}>
        <DashboardIcon name="spark" size={16} />
        {AI_MESSAGES.freeAttemptsLeft(freeAttemptsLeft ?? FREE_ATTEMPTS_LEFT)}
      </p>
      <div className="top-bar__actions">
        {help}
        <CampaignCalendar />
        {account}
      </div>
    </header>
  );
}
