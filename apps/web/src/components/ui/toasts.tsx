import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../../lib/use-hydrated';

// react-toastify is fetched just after the first paint rather than in the first bundle; a toast
// raised before its container mounts waits in react-toastify's queue and shows once it does.
// Its unstyled build: the default one writes its CSS into a <style> element at run time, which
// the Content-Security-Policy (style-src 'self') refuses; the same CSS comes as a file instead.
const loadToastify = () => import('react-toastify/unstyled');

const ToastHost = lazy(async () => {
  const [{ ToastContainer, Slide }] = await Promise.all([loadToastify(), import('react-toastify/dist/ReactToastify.css')]);
  return {
    default: ({ autoCloseMs }: { autoCloseMs: number }) => (
      <ToastContainer position="top-center" theme="light" autoClose={autoCloseMs} transition={Slide} />
    ),
  };
});

/**
 * The toast area, top-center in the light theme (SPEC section 8). It lives on <body>, outside the
 * app root that a modal makes inert, so toasts stay visible and announced above an open modal.
 */
export function Toasts({ autoCloseMs }: { autoCloseMs: number }) {
  // A prerendered page has no <body> to portal onto: the area mounts once the page is hydrated.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ToastHost autoCloseMs={autoCloseMs} />
    </Suspense>,
    document.body,
  );
}

export async function showToast(kind: 'success' | 'error', message: string): Promise<void> {
  const { toast } = await loadToastify();
  toast[kind](message);
}
