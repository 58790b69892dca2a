import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// SPEC section 3: the email and password of the first sign-up step, kept (in memory only) until
// the basic-details step sends them with the signup request.
export interface UserState {
  email: string;
  password: string;
}

const initialState: UserState = { email: '', password: '' };

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    setUser: (_state, action: PayloadAction<UserState>) => action.payload,
    resetUser: () => initialState,
  },
});

export const { setUser, resetUser } = userSlice.actions;
export const userReducer = userSlice.reducer;
