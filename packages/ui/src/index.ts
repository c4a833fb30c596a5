export * from './api-client';
export * from './route-error-boundary';
export * from './session-store';
export * from './staff-sign-in';
export * from './staff-theme';
export * from './staff-frame';
