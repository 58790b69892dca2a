import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Credentials, LoginPayload, SessionPayload, UserProfile } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { settle } from '../../lib/api-client';
import { deleteSession, getProfile, getSession, postLogin } from './login-api';

// SPEC section 3: the login slice, which also holds the signed-in customer's profile.
export interface LoginState {
  loading: boolean;
  success: boolean;
  error: string | null;
  customerId: string | null;
  credentials: Credentials | null;
  message: string | null;
  profile: UserProfile | null;
}

const initialState: LoginState = {
  loading: false,
  success: false,
  error: null,
  customerId: null,
  credentials: null,
  message: null,
  profile: null,
};

/** SPEC section 8: a failed sign-in shows the server's message, else 'Login failed'. */
export const login = createAsyncThunk<LoginPayload, { email: string; password: string }, { rejectValue: string }>(
  'login/login',
  async ({ email, password }, { rejectWithValue }) => {
    const result = await settle(() => postLogin(email, password), ACCOUNT_MESSAGES.loginFailed);
    if (!result.ok) return rejectWithValue(result.message);
    const payload = result.body?.payload;
    if (!payload?.customer_id) return rejectWithValue(ACCOUNT_MESSAGES.loginFailed);
    return payload;
  },
);

/** SPEC section 8: a failed profile fetch keeps the server's message, else 'Failed to fetch user profile'. */
export const fetchProfile = createAsyncThunk<UserProfile, string, { rejectValue: string }>(
  'login/fetchProfile',
  async (customerId, { rejectWithValue }) => {
    const result = await settle(() => getProfile(customerId), ACCOUNT_MESSAGES.profileFailed);
    if (!result.ok) return rejectWithValue(result.message);
    const profile = result.body?.payload;
    if (!profile) return rejectWithValue(ACCOUNT_MESSAGES.profileFailed);
    return profile;
  },
);

// Our own text: the spec shows none for these two.
export const SESSION_MESSAGES = {
  checkFailed: 'We could not check your sign-in. Please try again.',
  signOutFailed: 'Could not sign out. Please try again.',
} as const;

/**
 * Who the session cookie belongs to, after a reload or a visit from a bookmark: fills the
 * customer id, so the dashboard asks for the profile without a new sign-in. Rejects with the
 * status: 401 means nobody is signed in, anything else that the check itself failed.
 */
export const restoreSession = createAsyncThunk<SessionPayload, void, { rejectValue: { status: number; message: string } }>(
  'login/restoreSession',
  async (_arg, { rejectWithValue }) => {
    const result = await settle(() => getSession(), SESSION_MESSAGES.checkFailed);
    if (!result.ok) return rejectWithValue({ status: result.status, message: result.message });
    const session = result.body?.payload;
    if (!session?.customer_id) return rejectWithValue({ status: 0, message: SESSION_MESSAGES.checkFailed });
    return session;
  },
);

/** Log out: ends the server session. A 401 means it had already ended, which is what Log out wants. */
export const endSession = createAsyncThunk<void, void, { rejectValue: string }>('login/endSession', async (_arg, { rejectWithValue }) => {
  const result = await settle(() => deleteSession(), SESSION_MESSAGES.signOutFailed);
  if (!result.ok && result.status !== 401) return rejectWithValue(SESSION_MESSAGES.signOutFailed);
});

const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    resetLoginState: () => initialState,
    clearLoginError: (state) => {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.loading = true;
        state.success = false;
        state.error = null;
      })
      .addCase(login.fulfilled, (state, action) => {
        state.loading = false;
        state.success = true;
        state.customerId = action.payload.customer_id;
        state.credentials = action.payload.credentials;
        state.message = action.payload.message;
      })
      .addCase(login.rejected, (state, action) => {
        state.loading = false;
        state.success = false;
        state.error = action.payload ?? ACCOUNT_MESSAGES.loginFailed;
      })
      // Not the loading flag: that one drives the sign-in button, and this check is silent.
      .addCase(restoreSession.fulfilled, (state, action) => {
        state.customerId = action.payload.customer_id;
      })
      .addCase(fetchProfile.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchProfile.fulfilled, (state, action) => {
        state.loading = false;
        state.success = true;
        state.profile = action.payload;
      })
      .addCase(fetchProfile.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? ACCOUNT_MESSAGES.profileFailed;
      });
  },
});

export const { resetLoginState, clearLoginError } = loginSlice.actions;
export const loginReducer = loginSlice.reducer;
