// Lint fixture (eslint-rules/boundaries.test.ts): lib/ importing a feature must be reported.
import { profileCatalog } from '../../features/profile/profile-catalog';

export const fixtureCatalog = profileCatalog;
