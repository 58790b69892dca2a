import { type FormEvent, useState } from 'react';
import type { UserProfile } from '@postlark/shared/account';
import { type BasicInfo, basicInfoSchema, type ChangePassword, changePasswordSchema } from '@postlark/shared/profile';
import { fieldErrors } from '@postlark/shared/validation';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { PasswordHint } from '../../../components/ui/password-hint';
import { TextField } from '../../../components/ui/text-field';
import { type FormOutcome, useDraft, useFieldErrors } from '../profile-forms';

interface OverviewTabProps {
  profile: UserProfile;
  onSaveBasic(values: BasicInfo): Promise<FormOutcome>;
  onChangePassword(values: ChangePassword): Promise<FormOutcome>;
}

/** SPEC section 2, Overview: the avatar initial and full name, Basic information and Change password. */
export function OverviewTab({ profile, onSaveBasic, onChangePassword }: OverviewTabProps) {
  const { first_name: firstName, last_name: lastName } = profile.additional_info;
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  return (
    <div className="profile-stack">
      <section className="dash-card profile-summary" aria-label="Account summary">
        <span className="avatar avatar--xl" aria-hidden="true">
          {firstName.trim().charAt(0).toUpperCase() || '!'}
        </span>
        <div className="profile-summary__names">
          <p className="profile-summary__name">{fullName || profile.email}</p>
          <p className="profile-summary__email">{profile.email}</p>
        </div>
      </section>
      <div className="profile-columns">
        <BasicInfoForm profile={profile} onSave={onSaveBasic} />
        <ChangePasswordForm email={profile.email} onSave={onChangePassword} />
      </div>
    </div>
  );
}

function BasicInfoForm({ profile, onSave }: { profile: UserProfile; onSave: OverviewTabProps['onSaveBasic'] }) {
  const draft = useDraft({ first_name: profile.additional_info.first_name, last_name: profile.additional_info.last_name });
  const errors = useFieldErrors();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = basicInfoSchema.safeParse(draft.values);
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

  return (
    <form className="dash-card profile-form" noValidate aria-labelledby="basic-info-title" onSubmit={(event) => void onSubmit(event)}>
      <h2 id="basic-info-title" className="dash-card__title">
        Basic information
      </h2>
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
      <TextField label="Email address" type="email" value={profile.email} readOnly autoComplete="email" />
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
    <form className="dash-card profile-form" noValidate aria-labelledby="change-password-title" onSubmit={(event) => void onSubmit(event)}>
      <h2 id="change-password-title" className="dash-card__title">
        Change password
      </h2>
      <p className="dash-card__text">Changing it signs you out on every other device.</p>
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
      <p className="profile-notice profile-notice--error" role="alert">
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
