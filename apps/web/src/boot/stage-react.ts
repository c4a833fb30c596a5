// The first of the entry's evaluation stages (main.tsx, issue 31 §2): React and ReactDOM, alone in
// their task. The stages are modules with a top-level await, imported by the entry in this order.
import 'react';
import 'react/jsx-runtime';
import 'react-dom/client';
import { nextTask } from '../lib/next-task';

await nextTask();
