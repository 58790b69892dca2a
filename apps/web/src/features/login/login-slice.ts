import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Credentials, LoginPayload, UserProfile } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { settle } from '../../lib/api-client';
import { getProfile, postLogin } from './login-api';

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

const loginSlice = createSlice({
  name: 'login',
  initialState,
  reducers: {
    resetLoginState: () => initialState,
    /** Who the session cookie names, after a reload: lets the dashboard ask for the profile without a new sign-in. */
    sessionRestored: (state, action: PayloadAction<{ customerId: string }>) => {
      state.customerId = action.payload.customerId;
    },
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

export const { resetLoginState, sessionRestored, clearLoginError } = loginSlice.actions;
export const loginReducer = loginSlice.reducer;
