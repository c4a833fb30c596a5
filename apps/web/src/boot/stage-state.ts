// The third stage (main.tsx): the store, Redux Toolkit, the API client and the session controller.
import '../app/session/create-app';
import { nextTask } from '../lib/next-task';

await nextTask();
