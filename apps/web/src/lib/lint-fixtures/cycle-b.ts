// Lint fixture (eslint-rules/boundaries.test.ts): cycle-a ↔ cycle-b must be reported as a cycle.
import { a } from './cycle-a';

export const b = (): number => (Math.random() > 2 ? a() : 0);
