import { Link } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { buttonClass } from '../../components/ui/button';
import './not-found-route.css';

export function NotFoundRoute() {
  return (
    <section className="not-found container">
      <p className="not-found__code">404</p>
      <h1>This page flew the nest</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <Link to={ROUTES.landing} className={buttonClass('primary')}>
        Back to the home page
      </Link>
    </section>
  );
}
