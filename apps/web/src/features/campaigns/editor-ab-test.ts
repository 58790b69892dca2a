import type { ReactNode } from 'react';
import type { AbTestSettings, AbTestState } from '@postlark/shared/ab-tests';

// Where the campaign editor shows an A/B test. The campaigns feature holds the test in its draft
// and saves it with the campaign; the app's route hands in how it is drawn and changed (the
// ab-tests feature), since features never import each other.

export interface EditorAbTest {
  /** The settings card, editable while the campaign is. */
  panel(props: {
    test: AbTestSettings | null;
    original: { subject: string; preheader: string; from_name: string; content_html: string };
    /** About how many people the chosen lists and segments hold; null while unknown. */
    audience: number | null;
    readOnly: boolean;
    error?: string;
    onChange(test: AbTestSettings | null): void;
  }): ReactNode;
  /** A started test: deciding, or the winner and why, or no clear winner. */
  state(props: { settings: AbTestSettings | null; state: AbTestState }): ReactNode;
  /** Suggestions as versions B to D (the writing assistant's "Test as A/B variants"). */
  makeVariants(test: AbTestSettings | null, dimension: 'subject' | 'preheader', values: string[]): AbTestSettings;
}
