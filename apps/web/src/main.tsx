import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ROUTES } from '@postlark/shared/routes';
import { preloadDashboard } from './app/dashboard-chunk';
import { AppRoutes, preloadPage } from './app/routes';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// The public pages arrive built into HTML (scripts/prerender.ts): React takes that markup over,
// once the page's chunk (preloaded by the HTML) is in. Every other page arrives as an empty #root.
// If that chunk does not arrive even on a second try, the page stays as the HTML it came as:
// readable, its links plain links that load their pages. That beats a blank page.
const hydrate = () => {
  hydrateRoot(root, app);
};
const page = window.location.pathname;
if (root.firstElementChild) void preloadPage(page).then(hydrate, () => preloadPage(page).then(hydrate, () => undefined));
else {
  // A signed-in page's code sits behind the account screens' chunk (the session check): fetched
  // side by side with it, not after it, so a reload of the dashboard waits for one round trip.
  if (page === ROUTES.platformIntegration || page === ROUTES.dashboard || page.startsWith(`${ROUTES.dashboard}/`)) preloadDashboard();
  createRoot(root).render(app);
}
