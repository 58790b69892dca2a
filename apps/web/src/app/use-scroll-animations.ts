import { useEffect } from 'react';
import { SCROLL_ANIMATION } from '@postlark/shared/site';

/**
 * SPEC section 9: sections animate on scroll (1000 ms, offset 220). AOS and its stylesheet load
 * after the first paint, and not at all for visitors who ask for reduced motion: without them the
 * data-aos attributes do nothing and every section simply shows. AOS watches the page for new
 * [data-aos] elements itself, so later routes need no refresh.
 */
export function useScrollAnimations() {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    let layoutWatcher: ResizeObserver | undefined;
    let cancelled = false;
    void import('aos')
      .then(async (loaded) => {
        // What is on screen when the animations start never fades out and back in: the first
        // paint (prerendered HTML) stays as it is. Its blocks lose their data-aos before AOS's
        // stylesheet, which hides every [data-aos] block until its entrance, arrives. By now
        // the page has hydrated, so React's markup and the page no longer need to agree.
        for (const block of document.querySelectorAll('[data-aos]')) {
          if (block.getBoundingClientRect().top < window.innerHeight) block.removeAttribute('data-aos');
        }
        await import('aos/dist/aos.css');
        return loaded.default;
      })
      .then((aos) => {
        if (cancelled) return;
        aos.init({ duration: SCROLL_ANIMATION.durationMs, offset: SCROLL_ANIMATION.offsetPx, once: true });
        // AOS measures where each block sits once, at init. Web fonts, lazy chunks and images that
        // arrive later move the blocks; with stale positions a block low on the page could wait for
        // a scroll depth the page no longer reaches and stay invisible. Re-measure when the page
        // changes height.
        layoutWatcher = new ResizeObserver(() => aos.refresh());
        layoutWatcher.observe(document.body);
      });
    return () => {
      cancelled = true;
      layoutWatcher?.disconnect();
    };
  }, []);
}
