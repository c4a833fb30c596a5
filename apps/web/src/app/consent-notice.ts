import { lazy } from 'react';
import { loadWithRetry } from '@veridocs/shared';

/**
 * The privacy notice a candidate consents to before their request is processed (issue 29, ADR 0049),
 * composed here for the screens that show it (the init screen, the form home, the evaluation partner
 * step a single sign-on link opens): its own chunk, loaded only when a notice is shown.
 */
export const ConsentNotice = lazy(() => loadWithRetry(() => import('../features/privacy/consent-notice')));
