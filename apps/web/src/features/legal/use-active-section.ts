import { useEffect, useState } from 'react';

// The sticky site header is 68px tall; a section counts as current once its top passes just below it.
const HEADER_OFFSET_PX = 120;

/**
 * The id of the section the reader is in, for highlighting the table of contents. Measured on
 * scroll rather than with an IntersectionObserver so that long sections, whose heading has
 * scrolled away, still count as current.
 */
export function useActiveSection(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join('|');

  useEffect(() => {
    const sectionIds = key.split('|');
    let frame = 0;

    const measure = () => {
      frame = 0;
      let current = sectionIds[0];
      for (const id of sectionIds) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top <= HEADER_OFFSET_PX) current = id;
      }
      // Short closing sections can never reach the top; at the very bottom the last one is current.
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? sectionIds[sectionIds.length - 1] : current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };

    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);

  return active;
}
