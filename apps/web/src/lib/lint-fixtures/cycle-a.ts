// Lint fixture (eslint-rules/boundaries.test.ts): cycle-a ↔ cycle-b must be reported as a cycle.
import { b } from './cycle-b';

export const a = (): number => b() + 1;
