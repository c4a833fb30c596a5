// Lint fixture (eslint-rules/boundaries.test.ts): a lazy() import without loadWithRetry must be reported.
import * as React from 'react';
import { lazy } from 'react';
import { loadWithRetry } from '@veridocs/shared';

const load = () => import('../profile-screens');

export const Bare = lazy(() => import('../profile-screens'));
export const BareAsync = lazy(async () => await import('../profile-screens'));
export const Named = lazy(load);
export const Member = React.lazy(() => import('../profile-screens').then((module) => module));
export const Retried = lazy(() => loadWithRetry(() => import('../profile-screens')));
const retriedLoad = () => import('../profile-screens');
export const RetriedNamed = lazy(() => loadWithRetry(retriedLoad));
export const notLazy = () => import('../profile-screens');
