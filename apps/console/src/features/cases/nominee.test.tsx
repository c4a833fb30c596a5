import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS, PRIVACY_NOMINATION_PATHS } from '@veridocs/shared';
import { opsCase } from '../../test/fixtures';
import { mockApi, okReply } from '../../test/mock-api';
import { renderConsole, signIn } from '../../test/render';

const TXN = 'txn_0001aaaa';

describe("the case view's nominee (DPDP Act s. 14)", () => {
  it('reads the nominee only when asked, and shows who was named', async () => {
    signIn();
    const data = opsCase();
    const url = PRIVACY_NOMINATION_PATHS.opsNominee(data.candidate.profileId);
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(data))
      .on(
        'get',
        url,
        okReply({
          profileId: data.candidate.profileId,
          nominee: {
            name: 'Meera Nair',
            relationship: 'sibling',
            mobile: '9812345670',
            email: null,
            since: '2030-01-15T10:00:00.000Z',
          },
        }),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const show = await screen.findByRole('button', { name: 'Show nominee' }, { timeout: 20_000 });
    // Opening a case does not read (and log) the nominee.
    expect(api.callsTo('get', url)).toHaveLength(0);
    await user.click(show);
    expect(await screen.findByText(/Meera Nair \(sibling\), 9812345670, named/)).toBeInTheDocument();
    expect(api.callsTo('get', url)).toHaveLength(1);
  }, 60_000);
});
