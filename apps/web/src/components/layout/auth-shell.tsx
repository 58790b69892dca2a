import type { ReactNode } from 'react';
import { Logo } from '../ui/logo';
import './auth-shell.css';
import '../ui/notice.css';

interface AuthShellProps {
  /** The side panel's marketing headline and the line under it. */
  headline: string;
  pitch: string;
  /** The form side's heading and introduction. */
  title: string;
  intro?: ReactNode;
  /** A wider form column, for forms with fields side by side. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The account screens' split layout (SPEC section 2): a side panel with a marketing headline over
 * Postlark's illustration, and the form beside it. On phones the panel shrinks to a short band.
 */
export function AuthShell({ headline, pitch, title, intro, wide = false, children }: AuthShellProps) {
  return (
    <div className="auth-shell">
      <div className="auth-shell__panel">
        <Logo tone="light" />
        <div className="auth-shell__pitch">
          <p className="auth-shell__headline">{headline}</p>
          <p className="auth-shell__subline">{pitch}</p>
        </div>
      </div>
      <main id="main" tabIndex={-1} className="auth-shell__main">
        <div className={`auth-shell__content${wide ? ' auth-shell__content--wide' : ''}`}>
          <h1 className="auth-shell__title">{title}</h1>
          {intro && <div className="auth-shell__intro">{intro}</div>}
          {children}
        </div>
      </main>
    </div>
  );
}
