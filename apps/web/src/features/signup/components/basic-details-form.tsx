import { type FormEvent, useId, useState } from 'react';
import {
  basicDetailsFormSchema,
  type BasicDetailsForm as BasicDetails,
  GENDERS,
  HEARD_ABOUT_OPTIONS,
  type SignupRequest,
  signupSchema,
} from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { FieldLabel } from '../../../components/ui/form-row';
import { TextField } from '../../../components/ui/text-field';
import { useCountries } from '../use-countries';
import './basic-details-form.css';

type FieldName = keyof BasicDetails;

// Where a signup request's field is entered on this form.
const REQUEST_FIELD: Record<string, FieldName> = {
  'customer_details.first_name': 'firstName',
  'customer_details.last_name': 'secondName',
  'customer_details.dob': 'dob',
  'customer_details.country': 'country',
  'customer_details.gender': 'gender',
  'customer_details.reached_by_option': 'heardAbout',
};

const EMPTY: BasicDetails = { firstName: '', secondName: '', dob: '', country: '', gender: '', heardAbout: [] };

const todayIso = () => new Date().toISOString().slice(0, 10);

interface BasicDetailsFormProps {
  /** The email and password kept from the first sign-up step. */
  email: string;
  password: string;
  submitting: boolean;
  onSubmit(request: SignupRequest): void;
}

/**
 * SPEC section 2's basic details: the required fields first ('Please fill all required fields.'),
 * then the whole signup request against the API's own schema, so its rules (a real date, at least
 * 13 years old...) show here before the request goes out.
 */
export function BasicDetailsForm({ email, password, submitting, onSubmit }: BasicDetailsFormProps) {
  const countries = useCountries();
  const [form, setForm] = useState<BasicDetails>(EMPTY);
  const [invalid, setInvalid] = useState<ReadonlySet<FieldName>>(new Set());
  const [message, setMessage] = useState('');
  const messageId = useId();
  const ids = { firstName: useId(), secondName: useId(), dob: useId(), country: useId() };

  function update<K extends FieldName>(name: K, value: BasicDetails[K]) {
    setForm((current) => ({ ...current, [name]: value }));
    if (!invalid.has(name)) return;
    const rest = new Set(invalid);
    rest.delete(name);
    setInvalid(rest);
    if (rest.size === 0) setMessage('');
  }

  function toggleHeardAbout(value: string, checked: boolean) {
    // Kept in the order they were picked: the request sends the first one (SPEC section 3).
    update('heardAbout', checked ? [...form.heardAbout, value] : form.heardAbout.filter((entry) => entry !== value));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const details = basicDetailsFormSchema.safeParse(form);
    if (!details.success) {
      setInvalid(new Set(Object.keys(fieldErrors(details.error)) as FieldName[]));
      setMessage(ACCOUNT_MESSAGES.requiredFields);
      return;
    }
    const request = signupSchema.safeParse({
      customer_details: {
        first_name: details.data.firstName,
        last_name: details.data.secondName,
        email,
        gender: details.data.gender,
        password,
        dob: details.data.dob,
        country: details.data.country,
        reached_by_option: details.data.heardAbout[0] ?? '',
      },
    });
    if (!request.success) {
      const errors = Object.entries(fieldErrors(request.error));
      setInvalid(new Set(errors.map(([key]) => REQUEST_FIELD[key]).filter((name): name is FieldName => Boolean(name))));
      setMessage(errors[0]?.[1] ?? ACCOUNT_MESSAGES.requiredFields);
      return;
    }
    setInvalid(new Set());
    setMessage('');
    onSubmit(request.data);
  }

  const describedBy = (name: FieldName) => (invalid.has(name) ? messageId : undefined);
  const isInvalid = (name: FieldName) => invalid.has(name) || undefined;

  return (
    <form className="auth-form basic-form" noValidate onSubmit={submit}>
      <div className="basic-form__pair">
        <TextField
          id={ids.firstName}
          label="First name"
          requiredMark
          autoComplete="given-name"
          value={form.firstName}
          onChange={(event) => update('firstName', event.target.value)}
          aria-invalid={isInvalid('firstName')}
          describedBy={describedBy('firstName')}
        />
        <TextField
          id={ids.secondName}
          label="Second name"
          autoComplete="family-name"
          value={form.secondName}
          onChange={(event) => update('secondName', event.target.value)}
          aria-invalid={isInvalid('secondName')}
          describedBy={describedBy('secondName')}
        />
      </div>
      <div className="basic-form__pair">
        <TextField
          id={ids.dob}
          label="Date of birth"
          requiredMark
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={todayIso()}
          value={form.dob}
          onChange={(event) => update('dob', event.target.value)}
          aria-invalid={isInvalid('dob')}
          describedBy={describedBy('dob')}
        />
        <div className="form-field">
          <FieldLabel htmlFor={ids.country} requiredMark>
            Country
          </FieldLabel>
          <select
            id={ids.country}
            className="form-field__input"
            autoComplete="country-name"
            value={form.country}
            onChange={(event) => update('country', event.target.value)}
            aria-required
            aria-invalid={isInvalid('country')}
            aria-describedby={describedBy('country')}
          >
            <option value="">Select your country</option>
            {countries.map((country) => (
              <option key={country.cca2} value={country.name.common}>
                {country.name.common}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className="basic-form__group" aria-describedby={describedBy('gender')}>
        <legend className="form-field__legend">
          Gender<span className="form-field__required" aria-hidden="true"> *</span>
        </legend>
        <div className="choice-row">
          {GENDERS.map((gender) => (
            <label key={gender} className="choice">
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={form.gender === gender}
                onChange={() => update('gender', gender)}
                aria-invalid={isInvalid('gender')}
                required
              />
              <span>{gender}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="basic-form__group" aria-describedby={describedBy('heardAbout')}>
        <legend className="form-field__legend">
          How did you hear about us? <span className="basic-form__optional">(choose any)</span>
        </legend>
        <div className="choice-row">
          {HEARD_ABOUT_OPTIONS.map((option) => (
            <label key={option.value} className="choice choice--check">
              <input
                type="checkbox"
                name="heardAbout"
                value={option.value}
                checked={form.heardAbout.includes(option.value)}
                onChange={(event) => toggleHeardAbout(option.value, event.target.checked)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <p id={messageId} className="notice notice--error" role="alert">
        {message}
      </p>

      <Button type="submit" block disabled={submitting}>
        {submitting ? ACCOUNT_MESSAGES.submitting : 'Create my account'}
      </Button>
    </form>
  );
}
