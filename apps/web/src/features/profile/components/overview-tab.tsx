import { type FormEvent, useState } from 'react';
import type { UserProfile } from '@postlark/shared/account';
import { AUTH_API_MESSAGES } from '@postlark/shared/account-messages';
import {
  type BasicInfo,
  basicInfoSchema,
  type ChangePassword,
  changePasswordSchema,
  type EmailChange,
  emailChangeSchema,
  PROFILE_MESSAGES,
} from '@postlark/shared/profile';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordHint } from '../../../components/ui/password-hint';
import { TextField } from '../../../components/ui/text-field';
import { type FormOutcome, useDraft, useFieldErrors } from '../../../lib/form-state';
import { CardHead } from '../../../components/ui/card';
import { PersonHead } from '../../../components/ui/person-head';

interface OverviewTabProps {
  profile: UserProfile;
  onSaveBasic(values: BasicInfo): Promise<FormOutcome>;
  onChangePassword(values: ChangePassword): Promise<FormOutcome>;
  /** Asks for a new address; the profile keeps the old one until the mailed link is opened. */
  onChangeEmail(values: EmailChange): Promise<FormOutcome>;
}

/** SPEC section 2, Overview: the avatar initial and full name, Basic information and Change password. */
export function OverviewTab({ profile, onSaveBasic, onChangePassword, onChangeEmail }: OverviewTabProps) {
  const { first_name: firstName, last_name: lastName } = profile.additional_info;
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  return (
    <div className="profile-stack">
      <section className="dash-card person-card" aria-label="Account summary">
        <PersonHead initial={firstName.trim().charAt(0).toUpperCase() || '!'} name={fullName || profile.email} email={profile.email} />
      </section>
      <div className="profile-columns">
        <BasicInfoForm profile={profile} onSave={onSaveBasic} onChangeEmail={onChangeEmail} />
        <ChangePasswordForm email={profile.email} onSave={onChangePassword} />
      </div>
    </div>
  );
}

interface BasicInfoFormProps {
  profile: UserProfile;
  onSave: OverviewTabProps['onSaveBasic'];
  onChangeEmail: OverviewTabProps['onChangeEmail'];
}

function BasicInfoForm({ profile, onSave, onChangeEmail }: BasicInfoFormProps) {
  const saved = { first_name: profile.additional_info.first_name, last_name: profile.additional_info.last_name, new_email: profile.email };
  const draft = useDraft(saved);
  const errors = useFieldErrors();
  const [saving, setSaving] = useState(false);
  // Stays up after the draft is reset: the shown address is the old one until the link is opened.
  const [emailNotice, setEmailNotice] = useState('');
  // Asked only for a new address: changing it needs the password again, as the server checks.
  const [currentPassword, setCurrentPassword] = useState('');
  const emailEdited = draft.values.new_email.trim() !== profile.email;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const names = { first_name: draft.values.first_name, last_name: draft.values.last_name };
    const namesChanged = names.first_name !== saved.first_name || names.last_name !== saved.last_name;
    const parsedNames = basicInfoSchema.safeParse(names);
    const parsedEmail = emailChangeSchema.safeParse({ new_email: draft.values.new_email, current_password: currentPassword });
    const invalid = {
      ...(namesChanged && !parsedNames.success ? fieldErrors(parsedNames.error) : {}),
      ...(emailEdited && !parsedEmail.success ? fieldErrors(parsedEmail.error) : {}),
    };
    if (Object.keys(invalid).length > 0) {
      errors.show(invalid);
      return;
    }
    errors.clearAll();
    setEmailNotice('');
    setSaving(true);
    let ok = true;
    if (namesChanged && parsedNames.success) {
      const outcome = await onSave(parsedNames.data);
      if (!outcome.ok) {
        ok = false;
        errors.show(outcome.errors);
      }
    }
    if (ok && emailEdited && parsedEmail.success) {
      const outcome = await onChangeEmail(parsedEmail.data);
      if (outcome.ok) setEmailNotice(PROFILE_MESSAGES.emailChangeSent);
      else {
        ok = false;
        // A refusal without a field named belongs to the password when it is a wait for too many
        // tries, else to the address (a 409 says it in the message).
        const field = outcome.message === AUTH_API_MESSAGES.tooManyAttempts ? 'current_password' : 'new_email';
        errors.show(Object.keys(outcome.errors).length > 0 ? outcome.errors : { [field]: outcome.message });
      }
    }
    setSaving(false);
    if (ok) {
      draft.reset();
      setCurrentPassword('');
    }
  }

  return (
    <form className="dash-card dash-card--stack" noValidate aria-labelledby="basic-info-title" onSubmit={(event) => void onSubmit(event)}>
      <CardHead title="Basic information" titleId="basic-info-title" />
      <div className="profile-grid profile-grid--two">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={draft.values.first_name}
          error={errors.errors.first_name}
          requiredMark
          onChange={(event) => {
            draft.set('first_name', event.target.value);
            errors.clear('first_name');
          }}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={draft.values.last_name}
          error={errors.errors.last_name}
          onChange={(event) => {
            draft.set('last_name', event.target.value);
            errors.clear('last_name');
          }}
        />
      </div>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={draft.values.new_email}
        error={errors.errors.new_email}
        onChange={(event) => {
          draft.set('new_email', event.target.value);
          errors.clear('new_email');
          setEmailNotice('');
        }}
      />
      {emailEdited && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors.errors.current_password}
          onChange={(event) => {
            setCurrentPassword(event.target.value);
            errors.clear('current_password');
          }}
        />
      )}
      <p className="notice notice--success" role="status">
        {emailNotice}
      </p>
      <div className="profile-form__actions">
        <Button type="submit" disabled={!draft.dirty || saving}>
          {saving ? 'Updating...' : 'Update'}
        </Button>
      </div>
    </form>
  );
}

const NO_PASSWORDS: ChangePassword = { current_password: '', new_password: '', confirm_password: '' };

function ChangePasswordForm({ email, onSave }: { email: string; onSave: OverviewTabProps['onChangePassword'] }) {
  const [values, setValues] = useState<ChangePassword>(NO_PASSWORDS);
  const errors = useFieldErrors();
  const [formError, setFormError] = useState('');
  const [saving, setSaving] = useState(false);
  const filled = Object.values(values).some((value) => value !== '');

  function update(name: keyof ChangePassword, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    errors.clear(name);
    setFormError('');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      errors.show(fieldErrors(parsed.error));
      return;
    }
    errors.clearAll();
    setFormError('');
    setSaving(true);
    const outcome = await onSave(parsed.data);
    setSaving(false);
    if (outcome.ok) {
      setValues(NO_PASSWORDS);
      return;
    }
    errors.show(outcome.errors);
    // Too many tries, or no field named: the reason shows under the form.
    if (Object.keys(outcome.errors).length === 0) setFormError(outcome.message);
  }

  return (
    <form className="dash-card dash-card--stack" noValidate aria-labelledby="change-password-title" onSubmit={(event) => void onSubmit(event)}>
      <CardHead title="Change password" titleId="change-password-title" text="Changing it signs you out on every other device." />
      {/* Lets password managers tie the new password to this account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Verify current password"
        autoComplete="current-password"
        value={values.current_password}
        error={errors.errors.current_password}
        onChange={(event) => update('current_password', event.target.value)}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={values.new_password}
        error={errors.errors.new_password}
        hint={<PasswordHint password={values.new_password} />}
        onChange={(event) => update('new_password', event.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={values.confirm_password}
        error={errors.errors.confirm_password}
        onChange={(event) => update('confirm_password', event.target.value)}
      />
      <p className="notice notice--error" role="alert">
        {formError}
      </p>
      <div className="profile-form__actions">
        <Button type="submit" disabled={!filled || saving}>
          {saving ? 'Updating...' : 'Update'}
        </Button>
      </div>
    </form>
  );
}
