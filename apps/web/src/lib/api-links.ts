import { API_PREFIX } from '@postlark/shared/routes';
import { webEnv } from '../config/env';

// Kept out of config/env.ts, which the landing page loads: only dashboard screens follow these links.

/**
 * A link the API handed out (a download in an answer or a notification) is a path under the
 * server's own mount; a build whose API is reached elsewhere (VITE_API_BASE) follows it there.
 * Anything else (a page of the app) is left as it is.
 */
export function apiHref(path: string): string {
  return isApiLink(path) ? `${webEnv.apiBase}${path.slice(API_PREFIX.length + 1)}` : path;
}

export function isApiLink(path: string): boolean {
  return path.startsWith(`${API_PREFIX}/`);
}
