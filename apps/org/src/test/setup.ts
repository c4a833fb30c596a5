import { setUpComponentTests } from '@veridocs/ui/test';
import { setTransport } from '../lib/api-client';
import { resetSessionForTests } from '../lib/session';

// The shared frame (packages/ui): storage cleared, a console.error fails the test; this app's transport
// and session reset after each test.
setUpComponentTests(() => {
  setTransport(null);
  resetSessionForTests();
});
