import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { WAITLIST_MESSAGES } from '@postlark/shared/messages';
import type { WaitlistStatus } from '@postlark/shared/waitlist-limits';
import { showToast } from '../../components/ui/toasts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
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
  // Set before the first await: `submitting` only changes on the next render, so a second click
  // while the validation chunk downloads would otherwise post the same submission again.
  const busy = useRef(false);
  // The hero's form arrives prerendered: an address typed before the page's code ran is kept.
  const emailRef = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailRef, setEmail);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      let validation: Awaited<ReturnType<typeof loadValidation>>;
      try {
        validation = await loadValidation();
      } catch {
        // The chunk did not arrive (offline, a new deploy): the same toast as a failed post; what was typed stays.
        void showToast('error', WAITLIST_MESSAGES.failed);
        return;
      }
      const parsed = validation.waitlistSubmissionSchema.safeParse({ status, email, message });
      if (!parsed.success) {
        setErrors(validation.fieldErrors(parsed.error));
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
    } finally {
      busy.current = false;
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
        ref: emailRef,
        type: 'email',
        autoComplete: 'email',
        value: email,
        onChange(event: ChangeEvent<HTMLInputElement>) {
          setEmail(event.target.value);
          // Only a head start: a failure here is reported by the submit that awaits it.
          loadValidation().catch(() => undefined);
          if (errors.email) setErrors(({ email: _cleared, ...rest }) => rest);
        },
        'aria-invalid': Boolean(errors.email),
        'aria-describedby': errors.email ? errorId : undefined,
      };
    },
    setMessage,
  };
}
