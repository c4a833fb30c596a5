import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppState } from './app/session/create-app';
import { setLanguage, storedLanguage } from './i18n';

// The language chosen before (ADR 0014): its messages and font load before the first render.
if (storedLanguage() !== 'en') await setLanguage(storedLanguage(), { persist: false });
const app = createAppState();
// A stored refresh token starts the periodic refresh; an expired access token is renewed first.
await app.session.start();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);
