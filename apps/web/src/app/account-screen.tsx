import { useOutletContext } from 'react-router';
import type { AccountScreenName, AccountScreens } from './account-layout';

/** A route's account screen, drawn from the lazily loaded account layout that wraps it. */
export function AccountScreen({ name }: { name: AccountScreenName }) {
  const Screen = useOutletContext<AccountScreens>()[name];
  return <Screen />;
}
