import { type FormEvent, useState } from 'react';
import { type SeedListCreate, seedListCreateSchema, splitSeedEmails } from '@postlark/shared/seed-lists';
import { fieldErrors, type FieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../../components/ui/button';
import { TextAreaField } from '../../../../components/ui/text-area-field';
import { TextField } from '../../../../components/ui/text-field';

interface SeedListFormProps {
  busy: boolean;
  /** Answers the server's messages by field when it refused, nothing when the list was saved. */
  onCreate(body: SeedListCreate): Promise<FieldErrors | undefined>;
}

/** A new seed list: its name, and its addresses one a line, checked as the server will. */
export function SeedListForm({ busy, onCreate }: SeedListFormProps) {
  const [name, setName] = useState('');
  const [emails, setEmails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = seedListCreateSchema.safeParse({ name, emails: splitSeedEmails(emails) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const refused = await onCreate(parsed.data);
    setErrors(refused ?? {});
    if (!refused) {
      setName('');
      setEmails('');
    }
  }

  return (
    <form className="seed-list-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="List name"
        autoComplete="off"
        placeholder="Inbox providers"
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _gone, ...rest }) => rest);
        }}
      />
      <TextAreaField
        label="Addresses"
        hint="One a line. Each must be one of your confirmed senders or at one of your verified domains."
        rows={4}
        spellCheck={false}
        placeholder={'you@gmail.com\nyou@outlook.com'}
        value={emails}
        error={errors.emails}
        onChange={(event) => {
          setEmails(event.target.value);
          setErrors(({ emails: _gone, ...rest }) => rest);
        }}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save seed list'}
        </Button>
      </div>
    </form>
  );
}
