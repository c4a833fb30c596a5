import {
  API_PATHS,
  pincodeResultSchema,
  profileSchema,
  type PincodeResult,
  type Profile,
  type UpdateVerificationDetailRequest,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { setProfile } from '../../app/store/slices/profile-slice';
import { config } from '../../lib/config';

const detailUrl = `${config.services.webWallet}${API_PATHS.profile.verificationDetail}`;
const pincodeUrl = (pin: string) => `${config.services.utility}${API_PATHS.utility.pincode(pin)}`;

/** The profile screens' calls: save what the candidate may edit, and the pincode lookup. */
export const profileDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /profile/verification-detail; the screens show a refusal by field. */
    updateVerificationDetail: build.mutation<Profile, UpdateVerificationDetailRequest>({
      query: (body) => ({ url: detailUrl, method: 'put', body, schema: profileSchema }),
      extraOptions: { noSnackbar: true },
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(setProfile(answer.data));
      },
      invalidatesTags: ['Profile'],
    }),
    /** GET /pincode/{pin}: an unknown pincode is shown on its field, not as a snackbar. */
    lookupPincode: build.query<PincodeResult, string>({
      query: (pin) => ({ url: pincodeUrl(pin), schema: pincodeResultSchema }),
      extraOptions: { noSnackbar: true },
    }),
  }),
});

export const { useUpdateVerificationDetailMutation, useLazyLookupPincodeQuery } = profileDetailsApi;
