import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** SPEC section 2: pages open at the top; a link to a section (#pricing) opens at that section. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
