import { useT, type Translate } from '../../i18n';
import { contentCatalog } from './content-catalog';
import en from './locales/en.json';

/** The candidate's six steps (spec §1), told by the instructions page and the demo walkthrough. */
export interface CandidateStep {
  title: string;
  description: string;
}

type ContentKey = keyof typeof en;

const STEP_KEYS: readonly { title: ContentKey; description: ContentKey }[] = [
  { title: 'logInTitle', description: 'logInDescription' },
  { title: 'identityTitle', description: 'identityDescription' },
  { title: 'referenceTitle', description: 'referenceDescription' },
  { title: 'uploadTitle', description: 'uploadDescription' },
  { title: 'reviewTitle', description: 'reviewDescription' },
  { title: 'payTitle', description: 'payDescription' },
];

const stepsIn = (t: Translate<ContentKey>): CandidateStep[] =>
  STEP_KEYS.map((step) => ({ title: t(step.title), description: t(step.description) }));

/** A plain text of the compiled English catalog (the plugin compiles "text" to ["text"]). */
const english = (key: ContentKey): string => {
  const compiled = en[key] as unknown;
  return Array.isArray(compiled) ? compiled.join('') : String(compiled);
};

/**
 * The steps in English, as the specification words them. Screens use `useCandidateSteps`, which
 * follows the chosen language.
 */
export const CANDIDATE_STEPS: readonly CandidateStep[] = stepsIn(english);

/** The steps in the current language, re-rendering when it changes. */
export function useCandidateSteps(): CandidateStep[] {
  return stepsIn(useT(contentCatalog));
}
