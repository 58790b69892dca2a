import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { webEnv } from '../../config/env';
import { loadGoogleIdentity } from './google-identity';
import './google-sign-in-button.css';

export const GOOGLE_SIGN_IN_TEXTS = {
  button: 'Continue with Google',
  notSetUp: 'Google sign-in is not set up on this server. Please sign up with your email.',
  unreachable: 'Google sign-in could not be reached. Please try again, or sign up with your email.',
} as const;

/**
 * SPEC section 2: Continue with Google opens Google's popup; its result is only logged. Google's
 * script is fetched when the visitor shows intent (hover, focus or click), not on every visit.
 */
export function GoogleSignInButton() {
  const clientId = webEnv.googleClientId;
  const [note, setNote] = useState('');
  const noteId = useId();

  function preload() {
    if (clientId) void loadGoogleIdentity().catch(() => undefined);
  }

  async function onClick() {
    if (!clientId) {
      setNote(GOOGLE_SIGN_IN_TEXTS.notSetUp);
      return;
    }
    setNote('');
    try {
      const accounts = await loadGoogleIdentity();
      accounts.oauth2
        .initTokenClient({
          client_id: clientId,
          scope: 'openid email profile',
          callback: (response) => console.log('Continue with Google:', response),
          error_callback: (error) => console.log('Continue with Google did not complete:', error),
        })
        .requestAccessToken();
    } catch (error) {
      console.error(error);
      setNote(GOOGLE_SIGN_IN_TEXTS.unreachable);
    }
  }

  return (
    <div className="google-sign-in">
      <Button
        variant="secondary"
        block
        aria-describedby={note ? noteId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => void onClick()}
      >
        <GoogleGlyph />
        {GOOGLE_SIGN_IN_TEXTS.button}
      </Button>
      <p id={noteId} className="google-sign-in__note" role="status">
        {note}
      </p>
    </div>
  );
}

// A neutral four-colour ring of our own drawing, not Google's logo file.
function GoogleGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" strokeWidth="3.2">
      <path d="M20 12a8 8 0 0 0-2.3-5.6" stroke="#4285f4" />
      <path d="M17.7 6.4A8 8 0 0 0 5 7.6" stroke="#ea4335" />
      <path d="M5 7.6a8 8 0 0 0 0 8.8" stroke="#fbbc05" />
      <path d="M5 16.4A8 8 0 0 0 20 12h-8" stroke="#34a853" />
    </svg>
  );
}
