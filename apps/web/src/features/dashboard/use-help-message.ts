import { useState } from 'react';
import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import { fieldErrors } from '@postlark/shared/validation';
import { HELP_MESSAGES, helpMessageSchema } from '@postlark/shared/waitlist';
import { showToast } from '../../components/ui/toasts';
import { payloadErrors, payloadMessage } from '../../lib/api-client';
import { postContactMessage } from './dashboard-api';

/**
 * Help's message form: checked with the same schema the API uses, sent as a Contact submission.
 * The text stays until it is sent (a failure, or closing the panel, keeps it); success clears it.
 */
export function useHelpMessage(customerId: string | null, email: string) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);

  async function send() {
    if (sending) return;
    const parsed = helpMessageSchema.safeParse({ message });
    if (!parsed.success) return setError(fieldErrors(parsed.error).message);
    // Signed in is the dashboard's condition; without a customer id there is no one to send as.
    if (!customerId) return void showToast('error', WAITLIST_MESSAGES.failed);
    setError(undefined);
    setSending(true);
    try {
      const answer = await postContactMessage(customerId, parsed.data);
      if (answer.ok) {
        setMessage('');
        void showToast('success', payloadMessage(answer.body) ?? HELP_MESSAGES.sent(email));
      } else {
        setError(payloadErrors(answer.body).message);
        void showToast('error', payloadMessage(answer.body) ?? WAITLIST_MESSAGES.failed);
      }
    } catch {
      // The site's contact form's own failure text: the message is still in the box to send again.
      void showToast('error', WAITLIST_MESSAGES.failed);
    } finally {
      setSending(false);
    }
  }

  function change(next: string) {
    setMessage(next);
    if (error) setError(undefined);
  }

  return { message, error, sending, send, change };
}
