/** @jsxRuntime automatic */
// The pragma above: the server runs through tsx from the repo root, where no tsconfig sets "jsx".
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

export const BRAND = { name: 'Postlark', indigo: '#4f46e5', ink: '#111827', muted: '#6b7280', paper: '#f4f4f7' } as const;

const styles = {
  body: { backgroundColor: BRAND.paper, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', margin: '0 auto', padding: '32px' },
  wordmark: { color: BRAND.indigo, fontSize: '24px', fontWeight: 700, letterSpacing: '-0.5px', margin: '0 0 24px' },
  heading: { color: BRAND.ink, fontSize: '20px', fontWeight: 600, margin: '0 0 16px' },
  button: {
    backgroundColor: BRAND.indigo,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 24px',
    textDecoration: 'none',
  },
  footer: { color: BRAND.muted, fontSize: '12px', lineHeight: '18px', margin: 0 },
} as const;

export const paragraph = { color: BRAND.ink, fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' } as const;
export const small = { color: BRAND.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 12px' } as const;

/** The frame every Postlark mail shares: wordmark, one white card, footer. */
export function Layout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>{BRAND.name}</Text>
          <Text style={styles.heading}>{heading}</Text>
          {children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0' }} />
          <Text style={styles.footer}>
            {BRAND.name}: newsletters and email marketing. You received this message because of an action on your
            {' '}{BRAND.name} account; it is not a marketing email.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The frame of mail the platform sends to a customer's readers in the customer's name (a list's
 * confirmation): the sender's name where our wordmark would be, and a footer that says why this
 * person got it. They have no account with us, so nothing here speaks of one.
 */
export function ReaderLayout({ preview, sender, heading, why, children }: { preview: string; sender: string; heading: string; why: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={{ ...styles.wordmark, color: BRAND.ink }}>{sender}</Text>
          <Text style={styles.heading}>{heading}</Text>
          {children}
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0' }} />
          <Text style={styles.footer}>{why}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The call to action, with the same address in plain text under it for clients that hide buttons. */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={small}>
        Or paste this link into your browser:{' '}
        <Link href={href} style={{ color: BRAND.indigo, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}
