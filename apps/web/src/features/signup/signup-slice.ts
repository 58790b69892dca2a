import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { SignupRequest } from '@postlark/shared/account';
import { ACCOUNT_MESSAGES } from '@postlark/shared/account-messages';
import { settle } from '../../lib/api-client';
import { postSignup } from './signup-api';

// SPEC section 3: the signup slice.
export interface SignupState {
  loading: boolean;
  success: boolean;
  error: string | null;
}

const initialState: SignupState = { loading: false, success: false, error: null };

/** SPEC section 8: a failed signup shows the server's message, else 'signup failed'. */
export const submitSignup = createAsyncThunk<void, SignupRequest, { rejectValue: string }>(
  'signup/submitSignup',
  async (request, { rejectWithValue }) => {
    const result = await settle(() => postSignup(request), ACCOUNT_MESSAGES.signupFailed);
    if (!result.ok) return rejectWithValue(result.message);
  },
);

const signupSlice = createSlice({
  name: 'signup',
  initialState,
  reducers: {
    resetSignupState: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(submitSignup.pending, (state) => {
        state.loading = true;
        state.success = false;
        state.error = null;
      })
      .addCase(submitSignup.fulfilled, (state) => {
        state.loading = false;
        state.success = true;
      })
      .addCase(submitSignup.rejected, (state, action) => {
        state.loading = false;
        state.success = false;
        state.error = action.payload ?? ACCOUNT_MESSAGES.signupFailed;
      });
  },
});

export const { resetSignupState } = signupSlice.actions;
export const signupReducer = signupSlice.reducer;
