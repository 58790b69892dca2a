import { useEffect } from 'react';
import { useLocation } from 'react-router';

// A lazily loaded page may draw its sections a moment after the route changes.
const WAIT_FOR_SECTION_MS = 3000;

/** SPEC section 2: pages open at the top; a link to a section (#pricing) opens at that section. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const id = hash ? decodeURIComponent(hash.slice(1)) : '';
    const target = id ? document.getElementById(id) : null;
    if (target || !id) {
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return;
    }
    window.scrollTo(0, 0);
    const observer = new MutationObserver(() => {
      const late = document.getElementById(id);
      if (!late) return;
      late.scrollIntoView();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_SECTION_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
  return null;
}
