import { NavLink } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import './reports-tabs.css';

/** The Reports item's two pages: campaigns' reports and purchase insights. */
export function ReportsTabs() {
  return (
    <nav className="reports-tabs" aria-label="Reports">
      <NavLink to={ROUTES.reports} end className="reports-tabs__tab">
        Campaigns
      </NavLink>
      <NavLink to={ROUTES.insights} className="reports-tabs__tab">
        Purchase insights
      </NavLink>
    </nav>
  );
}
