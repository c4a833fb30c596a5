import {
  PRIVACY_PURPOSES,
  REQUIRED_PURPOSES,
  type PrivacyPurpose,
  type PrivacyRequest,
  type PrivacyRequestList,
  type State,
  type WithdrawConsentRequest,
  type WithdrawConsentResponse,
} from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { citedEntry, purposeStates, type LedgerEntry } from './ledger-fns.js';
import type { PrivacyRepository } from './privacy-repository.js';

/** One of the candidate's requests as the withdrawal needs it (another candidate's: 122). */
export interface WithdrawnRequest {
  txnId: string;
  orgId: string;
  orgName: string;
  formId: string;
  formName: string;
  state: State;
}

/** What withdrawing carries out in the other modules (composition/services.ts binds them). */
export interface WithdrawalEffects {
  /** The candidate's request, or 122 for an unknown one or another candidate's. */
  requestOf(profileId: string, txnId: string): Promise<WithdrawnRequest>;
  /** Closes the open verifications and the request ("withdrawn by the candidate"); idempotent. */
  stopRequest(
    profileId: string,
    txnId: string,
  ): Promise<{ requestClosed: boolean; verificationsClosed: number }>;
  /** Withdraws the request's open institution requests (their links stop working); answers how many. */
  withdrawInstitutionRequests(txnId: string): Promise<number>;
  /** Revokes the request's credentials and takes them out of every wallet; answers how many. */
  removeCredentials(profileId: string, txnId: string): Promise<number>;
}

export interface WithdrawalServiceDeps {
  repo: PrivacyRepository;
  effects: WithdrawalEffects;
  now: Clock;
}

/** Purposes whose withdrawal stops the whole request. */
const STOPPING: readonly PrivacyPurpose[] = ['verify', 'report_organisation'];

const byPurposeOrder = (a: PrivacyPurpose, b: PrivacyPurpose) =>
  PRIVACY_PURPOSES.indexOf(a) - PRIVACY_PURPOSES.indexOf(b);

function requestView(request: WithdrawnRequest, entries: readonly LedgerEntry[]): PrivacyRequest {
  const states = purposeStates(entries);
  // The consent to the notice (a DigiLocker screen's own consent is not the date the request was agreed to).
  const consented =
    entries.filter((e) => e.action === 'consent' && e.channel !== 'digilocker').at(-1) ??
    entries.filter((e) => e.action === 'consent').at(-1);
  return {
    txnId: request.txnId,
    orgName: request.orgName,
    formName: request.formName,
    state: request.state,
    consentedAt: consented ? consented.at.toISOString() : null,
    purposes: PRIVACY_PURPOSES.flatMap((purpose) => {
      const state = states[purpose];
      return state
        ? [
            {
              purpose,
              granted: state.granted,
              required: REQUIRED_PURPOSES.includes(purpose),
              action: state.action,
              at: state.at.toISOString(),
            },
          ]
        : [];
    }),
  };
}

/**
 * Withdrawing consent (issue 29, ADR 0049): per purpose, from the wallet, as easily as it was given.
 * The ledger entry is appended first (under the ledger's lock: a purpose is withdrawn once); its effects
 * follow, each idempotent, so a repeat of the same withdrawal records nothing and finishes what a
 * failure left undone.
 */
export function createWithdrawalService({ repo, effects, now }: WithdrawalServiceDeps) {
  return {
    /** The candidate's requests whose consent the ledger holds, newest consent first. */
    async consents(profileId: string): Promise<PrivacyRequestList> {
      const byTxn = new Map<string, LedgerEntry[]>();
      for (const entry of await repo.entriesOfProfile(profileId)) {
        if (!entry.txnId) continue;
        const list = byTxn.get(entry.txnId) ?? [];
        list.push(entry);
        byTxn.set(entry.txnId, list);
      }
      const requests: PrivacyRequest[] = [];
      for (const [txnId, entries] of byTxn) {
        const request = await effects.requestOf(profileId, txnId).catch((error: unknown) => {
          // A request gone (or never this candidate's) is not listed.
          if (error instanceof AppError && error.code === 122) return null;
          throw error;
        });
        if (request) requests.push(requestView(request, entries));
      }
      const last = (r: PrivacyRequest) => r.consentedAt ?? r.purposes[0]?.at ?? '';
      return { requests: requests.sort((a, b) => (last(a) < last(b) ? 1 : last(a) > last(b) ? -1 : 0)) };
    },

    /**
     * Withdraws the named purposes of one request: each must stand granted now, or have been withdrawn
     * before (a repeat); any other is refused (343) and nothing changes.
     */
    async withdraw(profileId: string, body: WithdrawConsentRequest): Promise<WithdrawConsentResponse> {
      const request = await effects.requestOf(profileId, body.txnId);
      const named = [...new Set(body.purposes)].sort(byPurposeOrder);
      let withdrawn: PrivacyPurpose[] = [];
      let alreadyWithdrawn: PrivacyPurpose[] = [];
      await repo.appendDecided(profileId, request.txnId, (entries) => {
        const states = purposeStates(entries);
        const refused = named.filter((p) => {
          const state = states[p];
          return !state || (!state.granted && state.action !== 'withdraw');
        });
        if (refused.length > 0) throw new AppError('PURPOSE_NOT_GRANTED', undefined, { purposes: refused });
        withdrawn = named.filter((p) => states[p]!.granted);
        alreadyWithdrawn = named.filter((p) => !states[p]!.granted);
        if (withdrawn.length === 0) return null;
        // The withdrawal cites the notice the consent was given under.
        const consent = citedEntry(entries)!;
        return {
          profileId,
          orgId: request.orgId,
          formId: request.formId,
          txnId: request.txnId,
          noticeHash: consent.noticeHash,
          action: 'withdraw',
          purposes: withdrawn.map((purpose) => ({ purpose, granted: false })),
          channel: 'web',
          at: now(),
        };
      });

      // The effects, for what this call withdrew and what an earlier one did (a repeat finishes them).
      const all = new Set<PrivacyPurpose>(named);
      const result: WithdrawConsentResponse['effects'] = {
        requestClosed: false,
        verificationsClosed: 0,
        institutionRequestsWithdrawn: 0,
        credentialsRemoved: 0,
      };
      const stops = STOPPING.some((p) => all.has(p));
      if (stops) Object.assign(result, await effects.stopRequest(profileId, request.txnId));
      if (stops || all.has('contact_institutions'))
        result.institutionRequestsWithdrawn = await effects.withdrawInstitutionRequests(request.txnId);
      if (all.has('wallet'))
        result.credentialsRemoved = await effects.removeCredentials(profileId, request.txnId);
      // `report_partner`: the report job asks the ledger before each delivery (reports-service.ts).

      const after = await effects.requestOf(profileId, request.txnId);
      const entries = await repo.entriesOfTxn(profileId, request.txnId);
      return {
        txnId: request.txnId,
        organisation: request.orgName,
        withdrawn,
        alreadyWithdrawn,
        effects: result,
        request: requestView(after, entries),
      };
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
