// The second stage (main.tsx): MUI's theme, emotion and the providers every screen renders in.
import '../app/providers';
import { nextTask } from '../lib/next-task';

await nextTask();
