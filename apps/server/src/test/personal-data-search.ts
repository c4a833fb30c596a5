// The search lives with the dev tools (the browser test of issue 29 asks the e2e server through them).
export { searchPersonalData, type PersonalDataHit } from '../modules/dev/personal-data-search-repository.js';
