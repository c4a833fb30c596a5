// Lint fixture (eslint-rules/boundaries.test.ts): a lazy() import without loadWithRetry must be reported.
import { lazy } from 'react';

export const Bare = lazy(() => import('../../features/auth/sign-in-page'));
