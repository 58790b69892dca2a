import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadPage } from '../app/routes';

const app = (path: string) => (
  <StrictMode>
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>
  </StrictMode>
);

/**
 * The build's server-side entry (scripts/prerender.ts): one public page as HTML. The tree is the
 * one main.tsx hydrates, with the router reading `path` instead of the address bar, so the
 * browser's first render matches the markup. The page's chunk is loaded first, as main.tsx does
 * before hydrating, so nothing suspends and the page is written in one piece, with no inline
 * script (which the Content-Security-Policy would refuse).
 */
export async function renderPage(path: string): Promise<string> {
  await preloadPage(path);
  const html = renderToString(app(path));
  // A part still waiting would be left to the browser (<!--$!-->) and flash its fallback.
  if (html.includes('<script') || html.includes('<!--$!-->')) throw new Error(`${path} did not render completely at build time`);
  return html;
}
