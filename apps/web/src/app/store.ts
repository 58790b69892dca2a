import { configureStore } from '@reduxjs/toolkit';
import { emailReducer } from '../features/email/email-slice';
import { loginReducer } from '../features/login/login-slice';
import { signupReducer } from '../features/signup/signup-slice';
import { userReducer } from '../features/user/user-slice';

// SPEC section 3: the application state's four slices. One store for the whole app, created when
// the first account screen or the dashboard loads it; the public site never imports this module
// (docs/decisions/001-public-site-bundle.md).
export function makeStore() {
  return configureStore({
    reducer: { email: emailReducer, signup: signupReducer, user: userReducer, login: loginReducer },
  });
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
