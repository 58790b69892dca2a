// The audience's pages, children of /dashboard. They live here rather than in the shared route
// table while that table is the server's to change. routes.tsx (in the landing page's first
// bundle) imports this file, so it holds plain strings and nothing else.

export const AUDIENCE_ROUTES = {
  subscribers: '/dashboard/subscribers',
  /** One subscriber, as React Router matches it. */
  subscriber: '/dashboard/subscribers/:subscriberId',
  lists: '/dashboard/lists',
} as const;

export function subscriberPath(id: string): string {
  return `${AUDIENCE_ROUTES.subscribers}/${encodeURIComponent(id)}`;
}

