import { displayState, type VerifiedAtSource } from '@veridocs/shared';
import { defineCatalog, translate, useT } from '../../i18n';
import en from './locales/en.json';
import sourceEn from './locales/source-en.json';

/** The display names of transaction and verification states (spec §4), one catalog for every screen. */
export const stateCatalog = defineCatalog('states', en, { hi: () => import('./locales/hi.json') });

const isKnown = (state: string): state is keyof typeof en => Object.hasOwn(en, state);

/** A state's display name in the current language: "Action Required" for INSUFFICIENT_DATA (spec §4). */
export function stateLabel(state: string): string {
  if (state === '') return '';
  return isKnown(state) ? translate(stateCatalog, state) : displayState(state);
}

/** `stateLabel`, re-rendering when the language changes. */
export function useStateLabel(): (state: string) => string {
  useT(stateCatalog);
  return stateLabel;
}

/** How a verification verified at its source reads (issue 26): a display beside the spec's states. */
export const sourceCatalog = defineCatalog('sources', sourceEn, {
  hi: () => import('./locales/source-hi.json'),
});

/**
 * "Verified with the issuer through DigiLocker" (or API Setu's, or the institution's own answer), in the
 * current language; null for the others.
 */
export function sourceLabel(source: Pick<VerifiedAtSource, 'channel'> | null | undefined): string | null {
  if (!source) return null;
  return translate(sourceCatalog, source.channel);
}

/** `sourceLabel`, re-rendering when the language changes (and loading the catalog's Hindi). */
export function useSourceLabel(): typeof sourceLabel {
  useT(sourceCatalog);
  return sourceLabel;
}
