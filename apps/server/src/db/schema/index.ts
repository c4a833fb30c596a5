export * from './profiles.js';
export * from './otp-transactions.js';
export * from './otp-throttles.js';
export * from './refresh-tokens.js';
export * from './outbox.js';
export * from './app-secrets.js';
export * from './organisations.js';
export * from './ekyc-forms.js';
