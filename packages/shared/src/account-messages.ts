// Kept apart from messages.ts so the landing page's first bundle, which needs the waitlist's
// texts, does not carry the account screens' texts too.

// SPEC sections 2, 5 and 8: the account screens' texts.
export const ACCOUNT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid mail',
  passwordRequired: 'Password is required.',
  passwordRule:
    'Password must be at least 8 characters long, contain uppercase and lowercase letters, a number, and a special character.',
  passwordHint: 'Minimum 8 characters, contain uppercase and lowercase letters, a number, and a special character.',
  emailSent: 'Email sent successfully !',
  somethingWentWrong: 'Something went wrong',
  verificationFailed: 'verification failed',
  invalidLink: 'Invalid email or Token expire',
  emailVerified: 'Email verified. You can now set your password.',
  signUpButton: 'Sign up to your account',
  requiredFields: 'Please fill all required fields.',
  submitting: 'Submitting...',
  signupSuccess: 'Signup successfully',
  signupFailed: 'signup failed',
  signingIn: 'Signing in...',
  loginFailed: 'Login failed',
  enterEmailFirst: 'Please enter your email first.',
  resetEmailSent: 'Verification email sent. Please check your inbox.',
  resetEmailFailed: 'Failed to send verification email.',
  bothFieldsRequired: 'Both field are required',
  passwordsDontMatch: "Passwords don't match",
  resetSuccess: 'Password reset successfully!',
  resetFailed: 'Reset failed',
  profileFailed: 'Failed to fetch user profile',
  loadingProfile: 'Loading profile...',
} as const;

// Our own texts for the account API, where the spec shows no wording.
export const AUTH_API_MESSAGES = {
  emailSendAccepted: 'Email sent successfully !',
  verified: 'Email verified. You can now set your password.',
  passwordReset: 'Password reset successfully!',
  badToken: 'Invalid email or Token expire',
  directUrlRejected: 'The link must point to this site’s sign-up or password reset page.',
  notVerified: 'Verify your email before signing up: the link in our email is valid for 60 minutes.',
  noSignupTicket: 'No sign-up is under way in this browser: verify your email to start one.',
  accountExists: 'An account with this email already exists. Please sign in.',
  signedUp: 'Signup successfully',
  badCredentials: 'The email or password is incorrect.',
  loggedIn: 'Login successful',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes, or reset your password.',
  notSignedIn: 'Please sign in.',
  signedOut: 'Signed out.',
  commonPassword: 'This password is too common. Please choose another.',
  unknownCountry: 'Choose a country from the list.',
  tooYoung: 'You must be at least 13 years old.',
  bornInFuture: 'The date of birth cannot be in the future.',
  invalidDate: 'Enter a real date of birth.',
  userNotFound: 'Not found.',
} as const;
