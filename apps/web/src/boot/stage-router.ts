// The fourth stage (main.tsx): the router and its table of screens; then the app itself.
import '../app/router';
import { nextTask } from '../lib/next-task';

await nextTask();
