import { useOutletContext } from 'react-router';
import type { AccountScreenName, AccountScreens } from './account-layout';
import type { DashboardScreenName, DashboardScreens } from './dashboard-screens';

/** A route's account screen, drawn from the lazily loaded account layout that wraps it. */
export function AccountScreen({ name }: { name: AccountScreenName }) {
  const Screen = useOutletContext<AccountScreens>()[name];
  return <Screen />;
}

/** A signed-in route's screen, drawn from the lazily loaded signed-in screens that wrap it. */
export function DashboardScreen({ name }: { name: DashboardScreenName }) {
  const Screen = useOutletContext<DashboardScreens>()[name];
  return <Screen />;
}
