import { createAsyncThunk, createSlice, isFulfilled, isPending, isRejected } from '@reduxjs/toolkit';
import type { EmailSendPage } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { payloadMessage, settle } from '../../lib/api-client';
import { postEmailSend, postEmailVerification } from './email-api';

// SPEC section 3: the email slice serves both calls that mail or check a link.
export interface EmailState {
  loading: boolean;
  success: boolean;
  error: string | null;
  message: string | null;
}

const initialState: EmailState = { loading: false, success: false, error: null, message: null };

/** SPEC section 8: a failed send shows the server's message, else the page's own fallback. */
export const sendVerificationEmail = createAsyncThunk<string, { email: string; page: EmailSendPage }, { rejectValue: string }>(
  'email/sendVerificationEmail',
  async ({ email, page }, { rejectWithValue }) => {
    const fallback = page === 'forget-password' ? ACCOUNT_MESSAGES.resetEmailFailed : ACCOUNT_MESSAGES.somethingWentWrong;
    const result = await settle(() => postEmailSend(email, page), fallback);
    if (!result.ok) return rejectWithValue(result.message);
    return payloadMessage(result.body) ?? ACCOUNT_MESSAGES.emailSent;
  },
);

/** Checks a mailed token: without a password it verifies a sign-up, with one it resets the password. */
export const verifyEmailToken = createAsyncThunk<string, { email: string; token: string; password?: string | null }, { rejectValue: string }>(
  'email/verifyEmailToken',
  async ({ email, token, password = null }, { rejectWithValue }) => {
    const fallback = password === null ? ACCOUNT_MESSAGES.verificationFailed : ACCOUNT_MESSAGES.resetFailed;
    const result = await settle(() => postEmailVerification(email, token, password), fallback);
    if (!result.ok) return rejectWithValue(result.message);
    return payloadMessage(result.body) ?? (password === null ? ACCOUNT_MESSAGES.emailVerified : ACCOUNT_MESSAGES.resetSuccess);
  },
);

const emailSlice = createSlice({
  name: 'email',
  initialState,
  reducers: {
    resetEmailState: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(isPending(sendVerificationEmail, verifyEmailToken), (state) => {
        state.loading = true;
        state.success = false;
        state.error = null;
      })
      .addMatcher(isFulfilled(sendVerificationEmail, verifyEmailToken), (state, action) => {
        state.loading = false;
        state.success = true;
        state.message = action.payload;
      })
      .addMatcher(isRejected(sendVerificationEmail, verifyEmailToken), (state, action) => {
        state.loading = false;
        state.success = false;
        state.error = action.payload ?? ACCOUNT_MESSAGES.somethingWentWrong;
      });
  },
});

export const { resetEmailState } = emailSlice.actions;
export const emailReducer = emailSlice.reducer;
