import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PRIVACY_NOMINATION_PATHS, type OpsNomineeResponse } from '@veridocs/shared';
import { api } from '../../app/api';
import { formatDate, m } from '../../messages';

/** A candidate's current nominee (issue 29, DPDP Act s. 14): read on demand, each read audited. */
export const nomineeApi = api.injectEndpoints({
  endpoints: (build) => ({
    nominee: build.query<OpsNomineeResponse, string>({
      query: (profileId) => PRIVACY_NOMINATION_PATHS.opsNominee(profileId),
    }),
  }),
});
const { useLazyNomineeQuery } = nomineeApi;

/**
 * The case view's nominee row: a button, so that only a check of a nominee who wrote in reads (and
 * logs) it; then who was named, with the relationship, mobile, e-mail and since when.
 */
export function NomineeFact({ profileId }: { profileId: string }) {
  const [load, { data, isFetching, isError, isUninitialized }] = useLazyNomineeQuery();
  if (isUninitialized || isFetching)
    return (
      <Button size="small" variant="outlined" loading={isFetching} onClick={() => void load(profileId)}>
        {m.cases.showNominee}
      </Button>
    );
  if (isError || !data) return <Typography color="error">{m.cases.nomineeError}</Typography>;
  const n = data.nominee;
  if (!n) return <Typography color="text.secondary">{m.cases.noNominee}</Typography>;
  return (
    <Typography sx={{ overflowWrap: 'anywhere' }}>
      {m.cases.nomineeLine(n.name, n.relationship, n.mobile, n.email, formatDate(n.since))}
    </Typography>
  );
}
