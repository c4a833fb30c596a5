import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import { maskAadhaar, profileNameSchema, type Address } from '@veridocs/shared';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../app/paths';
import { PRIVACY_PAGES } from '../../app/privacy-paths';
import { useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery, useUpdateProfileMutation } from '../../app/store/profile-api';
import { selectDifferentVerifiedName } from '../../app/store/profile-selectors';
import { selectProfile } from '../../app/store/selectors';
import { nameChangeCatalog, useListNameChangesQuery } from '../../app/name-change';
import { localMessage, useT } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { profileCatalog } from './profile-catalog';

const nameFormSchema = z.object({ name: profileNameSchema });
type NameForm = z.input<typeof nameFormSchema>;

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

function formatMobile(mobile: string): string {
  return mobile.length === 10 ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

function EditNameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const t = useT(profileCatalog);
  const [updateProfile] = useUpdateProfileMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NameForm, unknown, z.output<typeof nameFormSchema>>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: current },
  });

  const submit = handleSubmit(async ({ name }) => {
    setServerError(null);
    // The profile tag is invalidated: the profile is fetched again, into the profile slice.
    const result = await updateProfile({ name });
    if ('error' in result) {
      setServerError(queryErrorMessage(result.error));
      return;
    }
    notify(t('nameUpdated'), 'success');
    onDone();
  });

  return (
    <Box
      component="form"
      // The handler shows its own errors: nothing is left to wait for.
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ display: 'grid', gap: 2, mt: 1 }}
    >
      <TextField
        label={t('fullName')}
        autoComplete="name"
        autoFocus
        error={Boolean(errors.name)}
        helperText={errors.name?.message ? localMessage(errors.name.message) : t('nameHelp')}
        {...register('name')}
      />
      {serverError && (
        <Alert severity="error" role="alert">
          {serverError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
        <Button type="button" onClick={onDone} disabled={isSubmitting}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('saveName')}
        </Button>
      </Box>
    </Box>
  );
}

const addressText = (a: Address) =>
  [a.line1, a.landmark, a.vtc, a.district, a.state, a.pincode].filter(Boolean).join(', ');

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * What the candidate may edit besides the name (PUT /profile/verification-detail, through /basic-details
 * and /contact-details), and the Aadhaar number masked to its last 4 digits when the profile has one.
 */
function PersonalDetails() {
  const t = useT(profileCatalog);
  const profile = useAppSelector(selectProfile);
  const basic = profile.basicDetails ?? null;
  const contact = profile.contactDetails ?? null;
  const aadhaarLast4 = profile.aadhaarLast4;
  const verifiedName = useAppSelector(selectDifferentVerifiedName);
  const tn = useT(nameChangeCatalog);
  // Only a candidate whose verified name differs can have filed one; the newest is the one to show.
  const filed = useListNameChangesQuery(undefined, { skip: !verifiedName }).data?.list[0] ?? null;
  const genders: Record<string, string> = {
    MALE: t('genderMale'),
    FEMALE: t('genderFemale'),
    OTHER: t('genderOther'),
  };
  return (
    <Box component="section" aria-labelledby="personal-details" sx={{ mt: 3, display: 'grid', gap: 2 }}>
      <Divider />
      <Typography id="personal-details" variant="h3" component="h3" sx={{ fontSize: '1.125rem' }}>
        {t('personalDetails')}
      </Typography>
      {verifiedName &&
        (filed ? (
          <Alert severity="info">
            <AlertTitle>{tn('requested')}</AlertTitle>
            {tn('requestedBody')} {tn('requestedOn', { date: formatDate(filed.createdAt) })}
          </Alert>
        ) : (
          <Alert severity="warning">
            {tn('mismatch', { verified: verifiedName, profile: profile.profileDetails?.name ?? '' })}
          </Alert>
        ))}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
        {aadhaarLast4 && <Detail label={t('aadhaar')} value={maskAadhaar(aadhaarLast4)} />}
        {basic && <Detail label={t('dateOfBirth')} value={formatDate(basic.dateOfBirth)} />}
        {basic && <Detail label={t('gender')} value={genders[basic.gender] ?? basic.gender} />}
        {contact && <Detail label={t('currentAddress')} value={addressText(contact.currentAddress)} />}
        {contact && (
          <Detail
            label={t('permanentAddress')}
            value={contact.sameAsCurrent ? t('sameAsCurrent') : addressText(contact.permanentAddress)}
          />
        )}
      </Box>
      {!basic && <Typography color="text.secondary">{t('noDetailsYet')}</Typography>}
      <Box>
        <Button
          variant="outlined"
          component={RouterLink}
          to={PATHS.basicDetails}
          startIcon={<EditOutlinedIcon />}
        >
          {basic ? t('editDetails') : t('addDetails')}
        </Button>
      </Box>
    </Box>
  );
}

/** The candidate's profile: name and mobile; the name can be changed. */
export default function ProfilePage() {
  const t = useT(profileCatalog);
  const profile = useAppSelector(selectProfile);
  const [editing, setEditing] = useState(false);
  const name = profile.profileDetails?.name ?? '';
  const loaded = Boolean(profile.mobile);

  useGetProfileQuery();

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.5rem' }} aria-hidden>
          {initialsOf(name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h2" sx={{ wordBreak: 'break-word' }}>
            {loaded ? name : <Skeleton width={180} />}
          </Typography>
          {profile.createdAt && (
            <Typography variant="body2" color="text.secondary">
              {t('memberSince', { date: formatDate(profile.createdAt) })}
            </Typography>
          )}
        </Box>
      </Box>
      <Divider sx={{ mb: 2 }} />
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2 }}>
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('fullName')}
          </Typography>
          <Box component="dd" sx={{ m: 0 }}>
            {editing ? (
              <EditNameForm current={name} onDone={() => setEditing(false)} />
            ) : (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{loaded ? name : <Skeleton width={140} />}</Typography>
                {loaded && (
                  <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
                    {t('editName')}
                  </Button>
                )}
              </Box>
            )}
          </Box>
        </Box>
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('mobileNumber')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {loaded ? formatMobile(profile.mobile ?? '') : <Skeleton width={140} />}
          </Typography>
        </Box>
      </Box>
      {loaded && <PersonalDetails />}
      {/* The candidate's rights live under the profile (issue 29, ADR 0049). */}
      <Box component="section" aria-labelledby="your-data" sx={{ mt: 3, display: 'grid', gap: 1 }}>
        <Divider />
        <Typography id="your-data" variant="h3" component="h3" sx={{ fontSize: '1.125rem' }}>
          {t('yourData')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('yourDataBody')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Button component={RouterLink} to={PRIVACY_PAGES.access} variant="outlined">
            {t('whatWeHold')}
          </Button>
          <Button
            variant="outlined"
            component={RouterLink}
            to={PRIVACY_PAGES.consents}
            startIcon={<PrivacyTipOutlinedIcon />}
          >
            {t('privacyLink')}
          </Button>
          <Button component={RouterLink} to={PRIVACY_PAGES.export} variant="outlined">
            {t('downloadMyData')}
          </Button>
          <Button component={RouterLink} to={PRIVACY_PAGES.correction} variant="outlined">
            {t('correctMyData')}
          </Button>
          <Button component={RouterLink} to={PRIVACY_PAGES.grievance} variant="outlined">
            {t('raiseGrievance')}
          </Button>
          <Button component={RouterLink} to={PRIVACY_PAGES.nomination} variant="outlined">
            {t('nominee')}
          </Button>
          <Button component={RouterLink} to={PRIVACY_PAGES.erasure} color="error">
            {t('eraseMyData')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
