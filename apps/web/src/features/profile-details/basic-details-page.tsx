import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BASIC_DETAILS_FIELDS, minimumAgeError, type DynamicInputField } from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { useAppSelector } from '../../app/store/hooks';
import { useGetProfileQuery } from '../../app/store/profile-api';
import { selectProfile } from '../../app/store/selectors';
import { PageLoader } from '../../components/page-loader/page-loader';
import { DynamicForm, type FieldErrors } from '../../components/dynamic-form';
import { useT } from '../../i18n';
import { isApiQueryError, queryErrorMessage } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { useJourney } from './journey-return';
import { fieldErrorsOf } from './field-errors';
import { useUpdateVerificationDetailMutation } from './profile-details-api';
import { profileDetailsCatalog } from './profile-details-catalog';

const GENDER_KEYS = { MALE: 'genderMale', FEMALE: 'genderFemale', OTHER: 'genderOther' } as const;

/** /basic-details: date of birth (at least 18) and gender, by the form engine from their field config. */
export default function BasicDetailsPage() {
  const t = useT(profileDetailsCatalog);
  const ruleText = useRuleText();
  const navigate = useNavigate();
  const profile = useAppSelector(selectProfile);
  const { search } = useJourney();
  const [save] = useUpdateVerificationDetailMutation();
  useGetProfileQuery();
  const [failure, setFailure] = useState<string | null>(null);

  // The config's English labels and option names, in the reader's language.
  const sections = useMemo(() => {
    const inputs: DynamicInputField[] = BASIC_DETAILS_FIELDS.map((field) =>
      field.fieldName === 'gender'
        ? {
            ...field,
            label: t('gender'),
            options: field.options?.map((o) => ({
              ...o,
              name: t(GENDER_KEYS[o.value as keyof typeof GENDER_KEYS]),
            })),
          }
        : { ...field, label: t('dateOfBirth') },
    );
    return [{ inputs }];
  }, [t]);

  const saved = profile.basicDetails ?? null;
  const onSubmit = async (values: Record<string, unknown>): Promise<FieldErrors | void> => {
    setFailure(null);
    const dob = typeof values.dateOfBirth === 'string' ? values.dateOfBirth : '';
    const young = minimumAgeError(dob, new Date());
    if (young) return { dateOfBirth: ruleText(young) };
    const result = await save({ basicDetails: values });
    if ('error' in result) {
      const errors = isApiQueryError(result.error)
        ? fieldErrorsOf(result.error.data, ['dateOfBirth', 'gender'])
        : {};
      if (Object.keys(errors).length > 0)
        return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, ruleText(v)]));
      setFailure(queryErrorMessage(result.error));
      return;
    }
    void navigate(`${PATHS.contactDetails}${search}`);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('stepOf', { step: 1, total: 2 })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('basicDetailsIntro')}
        </Typography>
      </Box>
      {!profile.mobile ? (
        <PageLoader />
      ) : (
        <DynamicForm
          sections={sections}
          defaultValues={saved ? { dateOfBirth: saved.dateOfBirth, gender: saved.gender } : {}}
          onSubmit={onSubmit}
          submitLabel={t('saveAndContinue')}
        />
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
