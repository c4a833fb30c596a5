/** User-visible strings fixed by the specification. Screens use these, tests assert them. */
export const MESSAGES = {
  sessionExpired: 'Session Expired',
  serverDown: 'Server is down, please try again later',
  unexpectedError: 'Unexpected error occurred, please try again later.',
  somethingWentWrong: 'Something went wrong',
  loading: 'Loading...',
  noOptions: 'No options',
  optional: '(Optional)',
  required: 'Required',
  enterValue: 'Enter value',
  invalidMobile: 'Enter a valid 10-digit mobile number',
  invalidOtp: 'Enter the 6-digit OTP',
  nameRequired: 'Name must not be empty',
} as const;
