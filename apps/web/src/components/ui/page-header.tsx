import type { ReactNode } from 'react';
import './page-header.css';

interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence under the title: what the page is for. */
  lead?: ReactNode;
  /** Buttons or links at the right (under the title on a phone), such as New list. */
  actions?: ReactNode;
  /** Above the title, inside the header: a back link or the campaign's status. */
  above?: ReactNode;
  titleClassName?: string;
  className?: string;
}

/** The header every dashboard page opens with: its title, lead and actions, one look everywhere. */
export function PageHeader({ title, lead, actions, above, titleClassName, className }: PageHeaderProps) {
  return (
    <header className={['page-header', className].filter(Boolean).join(' ')}>
      <div className="page-header__text">
        {above}
        <h1 className={['page-header__title', titleClassName].filter(Boolean).join(' ')}>{title}</h1>
        {lead && <p className="page-header__lead">{lead}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
