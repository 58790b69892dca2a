import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ApiMessage } from '@postlark/shared/api-response';
import {
  type BasicInfo,
  type ChangePassword,
  type ContactInfo,
  type EmailChange,
  MARKETING_PREFERENCE_IDS,
  type MarketingPreferences,
  PROFILE_MESSAGES,
} from '@postlark/shared/profile';
import { type ApiAnswer, type CallFailure, settle } from '../../lib/api-client';
import { type EmailChangeConfirm, getPreferences, patchBasicInfo, postEmailChange, postEmailChangeConfirm, putContactInfo, putPassword, putPreferences } from './profile-api';
import { PROFILE_TEXTS } from './profile-content';

// The profile tabs' saves. Their results live in the forms that sent them (and, for the name and
// contact fields, in the login slice's profile, which the route fetches again), so these thunks
// have no slice of their own: a form awaits `.unwrap()` and shows the outcome.

export type SaveFailure = Omit<CallFailure, 'ok'>;
type Save<Body> = { customerId: string; body: Body };

/** A failed call as a thunk rejects with it. */
export function saveFailure({ message, errors, status }: CallFailure): SaveFailure {
  return { message, errors, status };
}

/** A save's thunk: the server's `payload.message` on success, else `success`; the failure in full. */
function saveThunk<Body>(type: string, call: (customerId: string, body: Body) => Promise<ApiAnswer<ApiMessage>>, success: string) {
  return createAsyncThunk<string, Save<Body>, { rejectValue: SaveFailure }>(type, async ({ customerId, body }, { rejectWithValue }) => {
    const result = await settle(() => call(customerId, body), PROFILE_TEXTS.saveFailed);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    const message = result.body?.payload?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : success;
  });
}

export const updateBasicInfo = saveThunk<BasicInfo>('profile/updateBasicInfo', patchBasicInfo, PROFILE_MESSAGES.basicSaved);
export const changePassword = saveThunk<ChangePassword>('profile/changePassword', putPassword, PROFILE_MESSAGES.passwordChanged);
export const updateContactInfo = saveThunk<ContactInfo>('profile/updateContactInfo', putContactInfo, PROFILE_MESSAGES.contactSaved);
export const savePreferences = saveThunk<MarketingPreferences>('profile/savePreferences', putPreferences, PROFILE_MESSAGES.preferencesSaved);

export const requestEmailChange = saveThunk<EmailChange>('profile/requestEmailChange', postEmailChange, PROFILE_MESSAGES.emailChangeSent);
export const confirmEmailChange = saveThunk<EmailChangeConfirm>(
  'profile/confirmEmailChange',
  (_customerId, body) => postEmailChangeConfirm(body),
  PROFILE_MESSAGES.emailChanged,
);

export const fetchPreferences = createAsyncThunk<MarketingPreferences, string, { rejectValue: SaveFailure }>(
  'profile/fetchPreferences',
  async (customerId, { rejectWithValue }) => {
    const result = await settle(() => getPreferences(customerId), PROFILE_TEXTS.preferencesFailed);
    if (!result.ok) return rejectWithValue(saveFailure(result));
    const payload = result.body?.payload as Partial<Record<string, unknown>> | undefined;
    // Checked by hand: marketingPreferencesSchema would bring zod's boolean type into the landing
    // page's bundle, where zod lives for the waitlist form (docs/decisions/001-public-site-bundle.md).
    if (!payload || !MARKETING_PREFERENCE_IDS.every((id) => typeof payload[id] === 'boolean')) {
      return rejectWithValue({ message: PROFILE_TEXTS.preferencesFailed, errors: {}, status: 0 });
    }
    return Object.fromEntries(MARKETING_PREFERENCE_IDS.map((id) => [id, payload[id]])) as MarketingPreferences;
  },
);
