// Lint fixture (eslint-rules/boundaries.test.ts): components/ importing app/ must be reported.
import { PATHS } from '../../app/paths';

export const fixturePaths = PATHS;
