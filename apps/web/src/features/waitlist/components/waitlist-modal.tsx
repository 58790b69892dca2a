import { WAITLIST_MESSAGE_MAX_LENGTH } from '@postlark/shared/waitlist-limits';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { Modal } from '../../../components/ui/modal';
import { useWaitlistForm } from '../use-waitlist-form';
import { useWaitlistModal } from '../waitlist-modal-context';
import './waitlist-form.css';

const COPY = {
  Waitlist: {
    title: 'Join the waitlist',
    description: 'Be first in line when Postlark opens. Tell us about your newsletter if you like.',
    submit: 'Join Waitlist',
  },
  Contact: {
    title: 'Contact us',
    description: 'Questions, partnerships or press: leave your email and a message, and we will reply.',
    submit: 'Send message',
  },
} as const;

export function WaitlistModal() {
  const { open, status, closeModal } = useWaitlistModal();
  const copy = COPY[status];
  return (
    <Modal
      open={open}
      title={copy.title}
      description={copy.description}
      onClose={closeModal}
    >
      {/* Keyed by status so switching between join and contact starts with an empty form. */}
      <ModalForm key={status} status={status} submitLabel={copy.submit} />
    </Modal>
  );
}

function ModalForm({ status, submitLabel }: { status: 'Waitlist' | 'Contact'; submitLabel: string }) {
  const form = useWaitlistForm(status);
  return (
    <form className="waitlist-form" noValidate onSubmit={form.onSubmit}>
      <label className="waitlist-form__label" htmlFor="waitlist-email">
        Email
      </label>
      <input
        id="waitlist-email"
        className="waitlist-form__input"
        placeholder="you@example.com"
        {...form.emailInputProps('waitlist-email-error')}
      />
      <FieldError id="waitlist-email-error" message={form.errors.email} />
      <label className="waitlist-form__label" htmlFor="waitlist-message">
        Message <span className="waitlist-form__optional">(optional)</span>
      </label>
      <textarea
        id="waitlist-message"
        className="waitlist-form__input waitlist-form__textarea"
        rows={4}
        maxLength={WAITLIST_MESSAGE_MAX_LENGTH}
        value={form.message}
        onChange={(event) => form.setMessage(event.target.value)}
        aria-invalid={Boolean(form.errors.message)}
        aria-describedby={form.errors.message ? 'waitlist-message-error' : undefined}
      />
      <FieldError id="waitlist-message-error" message={form.errors.message} />
      <Button type="submit" block disabled={form.submitting}>
        {form.submitting ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}
