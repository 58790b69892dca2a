import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import type { WaitlistStatus } from '@postlark/shared/waitlist-limits';

// SPEC section 4: the modal is open or closed, and carries Waitlist (join) or Contact (contact us).
// Plain React state rather than the Redux store keeps Redux out of the landing page's first bundle
// (docs/decisions/001-public-site-bundle.md).

interface WaitlistModalState {
  open: boolean;
  status: WaitlistStatus;
}

interface WaitlistModalControls extends WaitlistModalState {
  openModal(status: WaitlistStatus): void;
  closeModal(): void;
}

const WaitlistModalContext = createContext<WaitlistModalControls | null>(null);

export function WaitlistModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<WaitlistModalState>({ open: false, status: 'Waitlist' });
  const controls = useMemo<WaitlistModalControls>(
    () => ({
      ...state,
      openModal: (status) => setState({ open: true, status }),
      closeModal: () => setState((current) => ({ ...current, open: false })),
    }),
    [state],
  );
  return <WaitlistModalContext.Provider value={controls}>{children}</WaitlistModalContext.Provider>;
}

export function useWaitlistModal(): WaitlistModalControls {
  const controls = useContext(WaitlistModalContext);
  if (!controls) throw new Error('useWaitlistModal needs a WaitlistModalProvider above it');
  return controls;
}
