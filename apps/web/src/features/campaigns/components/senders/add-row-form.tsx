import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';

interface AddRowFormProps {
  id: string;
  label: string;
  placeholder: string;
  type: 'email' | 'text';
  button: string;
  busy: boolean;
  /** Checks the value as the server will; a message when it is wrong. */
  check(value: string): string | undefined;
  /** Answers the field's message when the server refused, nothing when it was added. */
  onAdd(value: string): Promise<string | undefined>;
}

/** One field and its button, above a list: an address or a domain to add. */
export function AddRowForm({ id, label, placeholder, type, button, busy, check, onAdd }: AddRowFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = check(value);
    if (problem) {
      setError(problem);
      return;
    }
    const refused = await onAdd(value.trim());
    setError(refused);
    if (!refused) setValue('');
  }

  return (
    <form className="sender-add" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={id}
        label={label}
        type={type}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" className="sender-add__button" disabled={busy}>
        {busy ? 'Adding...' : button}
      </Button>
    </form>
  );
}
