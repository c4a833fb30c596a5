import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppState } from './app/session/create-app';

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
