import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';

/** One of the Senders page's cards: its title, what it is for, then its form and list. */
export function SenderCard({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <Card stack className="sender-card" title={title} titleId={id} text={text}>
      {children}
    </Card>
  );
}
