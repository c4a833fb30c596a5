import type { NominationRequest, NominationResponse, Nominee, OpsNomineeResponse } from '@veridocs/shared';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { NominationRepository, NominationRow } from './nomination-repository.js';

export interface NominationServiceDeps {
  repo: NominationRepository;
  /** The candidate's own mobile (a nominee must be someone else), null when the profile does not exist. */
  ownMobile: (profileId: string) => Promise<string | null>;
  now: Clock;
}

const nomineeOf = (row: NominationRow | undefined): Nominee | null =>
  row && row.action !== 'removed'
    ? {
        name: row.name!,
        relationship: row.relationship!,
        mobile: row.mobile!,
        email: row.email,
        since: row.at.toISOString(),
      }
    : null;

/**
 * Nomination (issue 29, DPDP Act s. 14, ADR 0049): one nominee per candidate, named, changed or removed;
 * every change a row with its time. Saving the nominee already named, or removing none, records nothing
 * (a retry is harmless).
 */
export function createNominationService({ repo, ownMobile, now }: NominationServiceDeps) {
  async function view(profileId: string): Promise<NominationResponse> {
    const rows = await repo.history(profileId);
    return {
      nominee: nomineeOf(rows[0]),
      history: rows.map((r) => ({
        action: r.action,
        name: r.name,
        relationship: r.relationship,
        at: r.at.toISOString(),
      })),
    };
  }

  return {
    view,

    async save(profileId: string, body: NominationRequest): Promise<NominationResponse> {
      const own = await ownMobile(profileId);
      if (own === body.mobile) throw new AppError('NOMINEE_IS_SELF');
      const email = body.email ? body.email : null;
      await repo.appendDecided(profileId, (last) => {
        const current = nomineeOf(last);
        if (
          current &&
          current.name === body.name &&
          current.relationship === body.relationship &&
          current.mobile === body.mobile &&
          current.email === email
        )
          return null;
        return {
          action: current ? 'changed' : 'named',
          name: body.name,
          relationship: body.relationship,
          mobile: body.mobile,
          email,
          at: now(),
        };
      });
      return view(profileId);
    },

    async remove(profileId: string): Promise<NominationResponse> {
      await repo.appendDecided(profileId, (last) =>
        nomineeOf(last)
          ? { action: 'removed', name: null, relationship: null, mobile: null, email: null, at: now() }
          : null,
      );
      return view(profileId);
    },

    /** The team's view: the current nominee only (unknown candidate: 359). */
    async ofCandidate(profileId: string): Promise<OpsNomineeResponse> {
      if ((await ownMobile(profileId)) === null) throw new AppError('NOMINATION_PROFILE_NOT_FOUND');
      return { profileId, nominee: nomineeOf(await repo.latest(profileId)) };
    },
  };
}
export type NominationService = ReturnType<typeof createNominationService>;
