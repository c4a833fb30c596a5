import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addressSchema, type Address, type ContactDetails } from '@veridocs/shared';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../app/paths';
import { useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery } from '../../app/store/profile-api';
import { selectProfile } from '../../app/store/selectors';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useT } from '../../i18n';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { notify } from '../../lib/notify';
import { AddressFields, EMPTY_ADDRESS, type ContactForm } from './address-fields';
import { useJourney } from './journey-return';
import { useUpdateVerificationDetailMutation } from './profile-details-api';
import { profileDetailsCatalog } from './profile-details-catalog';

/** The form's values: the permanent address is checked only when it is not the same as the current one. */
const contactFormSchema = z
  .object({ currentAddress: addressSchema, sameAsCurrent: z.boolean(), permanentAddress: z.unknown() })
  .superRefine((value, ctx) => {
    if (value.sameAsCurrent) return;
    const permanent = addressSchema.safeParse(value.permanentAddress);
    if (permanent.success) return;
    for (const issue of permanent.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['permanentAddress', ...issue.path] });
  });

/** What is sent: no empty landmark. */
function cleanAddress(address: Address): Address {
  const landmark = address.landmark?.trim();
  const { landmark: _dropped, ...rest } = address;
  return landmark ? { ...rest, landmark } : rest;
}

function withLandmark(address: Address | undefined): Address {
  return address ? { ...EMPTY_ADDRESS, ...address } : EMPTY_ADDRESS;
}

function ContactDetailsForm({ initial }: { initial: ContactForm }) {
  const t = useT(profileDetailsCatalog);
  const { search, backToForm } = useJourney();
  const [save] = useUpdateVerificationDetailMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema) as never,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { handleSubmit, register, control, setError, formState } = form;
  const same = useWatch({ control, name: 'sameAsCurrent' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const contactDetails: ContactDetails = {
      currentAddress: cleanAddress(values.currentAddress),
      sameAsCurrent: values.sameAsCurrent,
      ...(values.sameAsCurrent ? {} : { permanentAddress: cleanAddress(values.permanentAddress) }),
    };
    const result = await save({ contactDetails });
    if ('error' in result) {
      const issues =
        isApiQueryError(result.error) && Array.isArray(result.error.data) ? result.error.data : [];
      let shown = false;
      for (const issue of issues as { path?: unknown; message?: unknown }[]) {
        if (typeof issue.path !== 'string' || typeof issue.message !== 'string') continue;
        const path = issue.path.replace(/^contactDetails\./, '');
        if (/^(currentAddress|permanentAddress)\.\w+$/.test(path)) {
          setError(path as 'currentAddress.pincode', { type: 'server', message: issue.message });
          shown = true;
        }
      }
      if (!shown) setFailure(queryErrorMessage(result.error));
      return;
    }
    notify(t('saved'), 'success');
    backToForm();
  });

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 3 }}
      >
        <AddressFields which="currentAddress" title={t('currentAddress')} />
        <FormControlLabel
          control={<Checkbox {...register('sameAsCurrent')} checked={same} />}
          label={t('sameAsCurrent')}
        />
        {!same && <AddressFields which="permanentAddress" title={t('permanentAddress')} />}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ minWidth: 140 }}>
            {t('saveAndContinue')}
          </Button>
          <Button component={RouterLink} to={`${PATHS.basicDetails}${search}`}>
            {t('back')}
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}

/** /contact-details: current and permanent address ("same as current"), with the pincode lookup. */
export default function ContactDetailsPage() {
  const t = useT(profileDetailsCatalog);
  const profile = useAppSelector(selectProfile);
  const { isLoading } = useGetProfileQuery();
  const saved = profile.contactDetails ?? null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('stepOf', { step: 2, total: 2 })}
        </Typography>
      </Box>
      {isLoading && !profile.mobile ? (
        <PageLoader />
      ) : (
        <ContactDetailsForm
          initial={{
            currentAddress: withLandmark(saved?.currentAddress),
            sameAsCurrent: saved?.sameAsCurrent ?? true,
            permanentAddress:
              saved && !saved.sameAsCurrent ? withLandmark(saved.permanentAddress) : EMPTY_ADDRESS,
          }}
        />
      )}
    </Paper>
  );
}
