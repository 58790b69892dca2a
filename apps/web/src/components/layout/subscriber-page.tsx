import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { PageLook } from '@postlark/shared/brand-kit';
import { Logo } from '../ui/logo';
import { subscriberLookStyle } from './subscriber-look';
import '../ui/notice.css';
import './subscriber-page.css';

// The page's content learns whose page it is (a form, a subscriber's link) after it has loaded,
// and hands the sender's brand kit up to the frame.
const SetLook = createContext<(look: PageLook | null) => void>(() => undefined);

/** Draws the surrounding page in the sender's brand kit (null: the product's own look). */
export function useSubscriberLook(look: PageLook | null | undefined) {
  const setLook = useContext(SetLook);
  useEffect(() => setLook(look ?? null), [look, setLook]);
}

/**
 * The frame of the pages a customer's subscribers see (a sign-up form, a confirmation, the
 * preference centre): the sender's logo (ours without a brand kit) above one card, in the kit's
 * colours and fonts, nothing of the marketing site around it.
 */
export function SubscriberPage({ children, note, privateLink = false }: { children: ReactNode; note?: string; privateLink?: boolean }) {
  const [look, setLook] = useState<PageLook | null>(null);
  return (
    <main id="main" className="subscriber-page" style={subscriberLookStyle(look)}>
      {/* A token in this page's address must not travel on as a referrer. */}
      {privateLink && <meta name="referrer" content="no-referrer" />}
      <div className="subscriber-page__brand">
        {look?.logo ? <img className="subscriber-page__logo" src={look.logo.url} alt={look.logo.alt} width={look.logo.width} height={look.logo.height} /> : !look && <Logo />}
      </div>
      <SetLook.Provider value={setLook}>{children}</SetLook.Provider>
      {note && <p className="subscriber-page__note">{note}</p>}
    </main>
  );
}
