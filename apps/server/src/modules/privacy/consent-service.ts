import {
  REQUIRED_PURPOSES,
  type ConsentRequest,
  type ConsentResponse,
  type PrivacyNotice,
  type PrivacyPurpose,
  type PurposeChoice,
  type RetentionClass,
  type State,
  type TransactionRef,
} from '@veridocs/shared';
import { AppError, validationFailed } from '../../errors.js';
import {
  sha256Hex,
  sortedPurposes,
  standingGrants,
  type LedgerEntry,
  type PurposeGrants,
} from './ledger-fns.js';
import { renderNotice, type NoticeLanguage, type RenderedNotice } from './notice-fns.js';
import type { PrivacyRepository } from './privacy-repository.js';

/** What a transaction's notice names; the transactions service answers it (122 for another's). */
export interface NoticeSubject {
  txnId: string;
  orgId: string;
  formId: string;
  organisation: string;
  form: string;
  verificationTypes: string[];
  partnerRequired: boolean;
  partner: string | null;
  state: State;
}

export interface ConsentServiceDeps {
  repo: Pick<PrivacyRepository, 'appendUnless' | 'entriesOfTxn' | 'saveNotice'>;
  /** The caller's transaction as the notice names it (122 for anyone else's). */
  subject: (profileId: string, ref: TransactionRef) => Promise<NoticeSubject>;
  /** The language the candidate last used the app in. */
  profileLanguage: (profileId: string) => Promise<NoticeLanguage | null>;
  retentionDays: Readonly<Record<RetentionClass, number>>;
  grievance: { name: string; email: string; phone: string };
  now: () => Date;
}

/** A consent given on a screen of its own for one purpose of a request (ADR 0049), e.g. DigiLocker's. */
export interface ChannelConsent {
  profileId: string;
  ref: TransactionRef;
  channel: 'digilocker';
  purpose: PrivacyPurpose;
  language: NoticeLanguage;
  /** The version of that screen's words, e.g. `digilocker-consent/1`. */
  templateVersion: string;
  /** What the candidate agreed to, as the server gave it to that screen (its words are built from it). */
  terms: Record<string, unknown>;
}

/** The optional purposes every form asks; `report_partner` is asked by forms with a partner. */
const ALWAYS_OPTIONAL: readonly PrivacyPurpose[] = ['contact_institutions', 'wallet'];

const grantsList = (grants: PurposeGrants) =>
  sortedPurposes(
    Object.entries(grants).map(([purpose, granted]) => ({ purpose: purpose as PrivacyPurpose, granted })),
  );

/** Every required purpose stands granted: the form may start (ADR 0049). */
export const requiredGranted = (grants: PurposeGrants): boolean =>
  REQUIRED_PURPOSES.every((p) => grants[p] === true);

/**
 * The candidate's notice before a form starts and their answer to it (issue 29, ADR 0049): the notice
 * rendered for the transaction's form and organisation in their language, and a consent (every
 * required purpose granted) or a refusal recorded in the consent ledger with the notice's text.
 */
export function createConsentService(deps: ConsentServiceDeps) {
  const { repo } = deps;

  function render(subject: NoticeSubject, language: NoticeLanguage): RenderedNotice {
    const purposes: PrivacyPurpose[] = [
      ...REQUIRED_PURPOSES,
      ...(subject.partnerRequired ? (['report_partner'] as const) : []),
      ...ALWAYS_OPTIONAL,
    ];
    return renderNotice({
      language,
      organisation: subject.organisation,
      form: subject.form,
      verificationTypes: subject.verificationTypes,
      partner: subject.partnerRequired ? subject.partner : null,
      partnerToBeNamed: subject.partnerRequired,
      purposes,
      retentionDays: deps.retentionDays,
      grievance: deps.grievance,
    });
  }

  return {
    /** The notice in `language` (else the profile's, else `fallback`), with the standing grants. */
    async notice(
      profileId: string,
      ref: TransactionRef,
      language: NoticeLanguage | undefined,
      fallback: NoticeLanguage,
    ): Promise<PrivacyNotice> {
      const subject = await deps.subject(profileId, ref);
      const lang = language ?? (await deps.profileLanguage(profileId)) ?? fallback;
      const rendered = render(subject, lang);
      const grants = standingGrants(await repo.entriesOfTxn(profileId, subject.txnId));
      return {
        language: rendered.language,
        templateVersion: rendered.templateVersion,
        title: rendered.title,
        sections: rendered.sections,
        purposes: rendered.purposes,
        hash: rendered.hash,
        grants: grantsList(grants),
        consented: requiredGranted(grants),
      };
    },

    /**
     * The candidate's answer to the notice whose hash they send: a consent when every required purpose
     * is granted, else a refusal (the form does not start). A hash the server does not render now for
     * this transaction (stale or forged) is refused (341). The same answer to the same notice again (a
     * double click) records nothing and answers the standing state.
     */
    async answer(profileId: string, body: ConsentRequest): Promise<ConsentResponse> {
      const subject = await deps.subject(profileId, body);
      const rendered = (['en', 'hi'] as const)
        .map((language) => render(subject, language))
        .find((notice) => notice.hash === body.noticeHash);
      if (!rendered) throw new AppError('NOTICE_CHANGED');
      const asked = new Set(rendered.purposes.map((p) => p.purpose));
      const issues = body.purposes.flatMap((choice, i) =>
        asked.has(choice.purpose)
          ? []
          : [{ path: `purposes.${i}.purpose`, message: 'This notice does not ask this purpose' }],
      );
      let choices: PurposeChoice[] | undefined;
      try {
        choices = sortedPurposes(body.purposes);
      } catch (error) {
        issues.push({ path: 'purposes', message: (error as Error).message });
      }
      if (issues.length > 0 || !choices) throw validationFailed(issues);
      // Every purpose the notice asks, granted or not: one left out is not granted.
      const purposes = sortedPurposes(
        [...asked].map((purpose) => ({
          purpose,
          granted: choices.some((c) => c.purpose === purpose && c.granted),
        })),
      );
      const action = REQUIRED_PURPOSES.every((p) => purposes.some((c) => c.purpose === p && c.granted))
        ? ('consent' as const)
        : ('refuse' as const);
      const at = deps.now();
      await repo.saveNotice({
        hash: rendered.hash,
        language: rendered.language,
        templateVersion: rendered.templateVersion,
        text: rendered.text,
        at,
      });
      const unchanged = (entries: LedgerEntry[]) => {
        const last = entries.at(-1);
        if (!last || last.noticeHash !== rendered.hash || last.action !== action) return false;
        const standing = standingGrants(entries);
        return purposes.every((p) => standing[p.purpose] === p.granted);
      };
      const { entry, entries } = await repo.appendUnless(
        {
          profileId,
          orgId: subject.orgId,
          formId: subject.formId,
          txnId: subject.txnId,
          noticeHash: rendered.hash,
          action,
          purposes,
          channel: 'web',
          at,
        },
        unchanged,
      );
      const grants = standingGrants(entries);
      return {
        action,
        recorded: entry !== null,
        grants: grantsList(grants),
        consented: requiredGranted(grants),
      };
    },

    /**
     * A purpose agreed to on its own screen (DigiLocker's consent, ADR 0045) enters the ledger like the
     * notice's answers: the terms stored as a notice (canonical JSON, hashed), one `consent` entry on the
     * channel naming only that purpose. Refused (340) when the request's consent does not grant it now: a
     * second screen never brings back a purpose the candidate refused or withdrew.
     */
    async recordChannelConsent(input: ChannelConsent): Promise<void> {
      const subject = await deps.subject(input.profileId, input.ref);
      const text = JSON.stringify(
        { screen: input.templateVersion, language: input.language, ...input.terms },
        null,
        2,
      );
      const hash = sha256Hex(text);
      const at = deps.now();
      await repo.saveNotice({
        hash,
        language: input.language,
        templateVersion: input.templateVersion,
        text,
        at,
      });
      await repo.appendUnless(
        {
          profileId: input.profileId,
          orgId: subject.orgId,
          formId: subject.formId,
          txnId: subject.txnId,
          noticeHash: hash,
          action: 'consent',
          purposes: [{ purpose: input.purpose, granted: true }],
          channel: input.channel,
          at,
        },
        // Under the ledger's lock, so a withdrawal cannot slip between the check and the entry.
        (entries) => {
          if (standingGrants(entries)[input.purpose] === false) throw new AppError('CONSENT_REQUIRED');
          return false;
        },
      );
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
