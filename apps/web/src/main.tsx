import '@fontsource-variable/inter';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
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
// If that chunk does not arrive, hydration never starts: React renders the page afresh instead, in place
// of the markup, so the page still works rather than staying inert HTML.
if (root.firstElementChild)
  void preloadPage(window.location.pathname).then(
    () => hydrateRoot(root, app),
    () => {
      root.replaceChildren();
      createRoot(root).render(app);
    },
  );
else createRoot(root).render(app);
