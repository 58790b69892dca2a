import { type FormEvent, useState } from 'react';
import type { CountryEntry, UserProfile } from '@postlark/shared/account';
import { CONTACT_LIMITS, type ContactInfo, contactInfoSchema } from '@postlark/shared/profile';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { CONTACT_PLACEHOLDERS } from '../profile-content';
import { type FormOutcome, useDraft, useFieldErrors } from '../../../lib/form-state';
import { CardHead } from '../../../components/ui/card';

interface ContactTabProps {
  profile: UserProfile;
  countries: readonly CountryEntry[];
  onSave(values: ContactInfo): Promise<FormOutcome>;
}

const savedContact = ({ additional_info: info }: UserProfile): ContactInfo => ({
  street_address: info.street_address,
  city: info.city,
  state: info.state,
  company: info.company,
  postal_code: info.postal_code,
  country: info.country,
  phone: info.phone,
  vat_id: info.vat_id,
});

/**
 * SPEC section 2, Contact information: the 'Primary account contact' form. The name and email
 * belong to the account (Overview); the other fields are saved here, Cancel restores them.
 */
export function ContactTab({ profile, countries, onSave }: ContactTabProps) {
  const draft = useDraft(savedContact(profile));
  const errors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const { values } = draft;
  // The saved country shows even before (or without) the countries service's list.
  const countryNames = countries.map((country) => country.name.common);
  if (values.country && !countryNames.includes(values.country)) countryNames.unshift(values.country);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactInfoSchema.safeParse(values);
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error));
      return;
    }
    errors.clearAll();
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (outcome.ok) draft.reset();
    else errors.show(outcome.errors);
  }

  const field = (name: keyof ContactInfo) => ({
    value: values[name],
    error: errors.errors[name],
    maxLength: CONTACT_LIMITS[name],
    onChange: (event: { target: { value: string } }) => {
      draft.set(name, event.target.value);
      errors.clear(name);
    },
  });

  return (
    <form className="dash-card dash-card--stack" noValidate aria-labelledby="contact-title" onSubmit={(event) => void onSubmit(event)}>
      <CardHead
        title="Primary account contact"
        titleId="contact-title"
        text="Used on invoices and for account notices. Your name and email address are managed on the Overview tab."
      />
      <div className="profile-grid profile-grid--two">
        <TextField label="First name" value={profile.additional_info.first_name} readOnly autoComplete="given-name" />
        <TextField label="Last name" value={profile.additional_info.last_name} readOnly autoComplete="family-name" />
        <div className="profile-grid__wide">
          <TextField label="Street address 1" autoComplete="address-line1" placeholder={CONTACT_PLACEHOLDERS.street_address} {...field('street_address')} />
        </div>
        <TextField label="City" autoComplete="address-level2" placeholder={CONTACT_PLACEHOLDERS.city} {...field('city')} />
        <TextField label="State" autoComplete="address-level1" placeholder={CONTACT_PLACEHOLDERS.state} {...field('state')} />
        <TextField label="Company / Organization" autoComplete="organization" placeholder={CONTACT_PLACEHOLDERS.company} {...field('company')} />
        <TextField
          label="Postal code"
          requiredMark
          autoComplete="postal-code"
          placeholder={CONTACT_PLACEHOLDERS.postal_code}
          {...field('postal_code')}
        />
        <SelectField
          label="Country"
          autoComplete="country-name"
          value={values.country}
          error={errors.errors.country}
          onChange={(event) => {
            draft.set('country', event.target.value);
            errors.clear('country');
          }}
        >
          <option value="">Select country</option>
          {countryNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField label="Email address" type="email" value={profile.email} readOnly autoComplete="email" />
        <TextField label="VAT/GST/Tax ID" placeholder={CONTACT_PLACEHOLDERS.vat_id} {...field('vat_id')} />
        <TextField label="Office phone" type="tel" autoComplete="tel" placeholder={CONTACT_PLACEHOLDERS.phone} {...field('phone')} />
      </div>
      <div className="profile-form__actions">
        <Button
          variant="secondary"
          disabled={!draft.dirty || saving}
          onClick={() => {
            draft.reset();
            errors.clearAll();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={!draft.dirty || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
