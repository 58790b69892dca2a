import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { useWaitlistForm } from '../use-waitlist-form';
import './waitlist-form.css';

/** The one-line email form of the hero and the subscribe block: a Waitlist join with no message. */
export function InlineWaitlistForm({ label, tone = 'light' }: { label: string; tone?: 'light' | 'dark' }) {
  const form = useWaitlistForm('Waitlist');
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <form className={`inline-waitlist inline-waitlist--${tone}`} noValidate onSubmit={form.onSubmit}>
      <div className="inline-waitlist__row">
        <label className="visually-hidden" htmlFor={inputId}>
          {label}
        </label>
        <input id={inputId} className="inline-waitlist__input" placeholder="Enter your email" {...form.emailInputProps(errorId)} />
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Joining...' : 'Join Waitlist'}
        </Button>
      </div>
      <FieldError id={errorId} message={form.errors.email} />
    </form>
  );
}
