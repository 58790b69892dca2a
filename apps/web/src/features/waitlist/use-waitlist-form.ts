import { type ChangeEvent, type FormEvent, useState } from 'react';
import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import type { WaitlistStatus } from '@postlark/shared/waitlist-limits';
import { showToast } from '../../components/ui/toasts';
import { postWaitlistSubmission } from './waitlist-api';

// The schema (and zod with it) is fetched when a visitor starts typing, not in the landing page's
// first bundle (docs/decisions/001-public-site-bundle.md); a submit awaits it if it is not there yet.
const loadValidation = async () => {
  const [{ waitlistSubmissionSchema }, { fieldErrors }] = await Promise.all([import('@postlark/shared/waitlist'), import('@postlark/shared/validation')]);
  return { waitlistSubmissionSchema, fieldErrors };
};

/** The state and submit logic of every waitlist and contact form: the modal, the hero and the subscribe block. */
export function useWaitlistForm(status: WaitlistStatus) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const { waitlistSubmissionSchema, fieldErrors } = await loadValidation();
    const parsed = waitlistSubmissionSchema.safeParse({ status, email, message });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await postWaitlistSubmission(parsed.data);
      void showToast('success', WAITLIST_MESSAGES.added);
      setEmail('');
      setMessage('');
    } catch {
      // The old prototype stayed silent on a network failure; the same toast tells the visitor to retry.
      void showToast('error', WAITLIST_MESSAGES.failed);
    } finally {
      setSubmitting(false);
    }
  }

  return {
    message,
    errors,
    submitting,
    onSubmit,
    /** The email input's value, change handler and error wiring; errorId names its FieldError. */
    emailInputProps(errorId: string) {
      return {
        type: 'email',
        autoComplete: 'email',
        value: email,
        onChange(event: ChangeEvent<HTMLInputElement>) {
          setEmail(event.target.value);
          void loadValidation();
          if (errors.email) setErrors(({ email: _cleared, ...rest }) => rest);
        },
        'aria-invalid': Boolean(errors.email),
        'aria-describedby': errors.email ? errorId : undefined,
      };
    },
    setMessage,
  };
}
