import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { profileNameSchema, type Session } from '@veridocs/shared';
import { localMessage, RichText, useT } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { createWallet } from './auth-api';
import { authCatalog } from './auth-catalog';
import { maskMobile } from './mask';
import { track } from '../../lib/telemetry/tracker';

const nameFormSchema = z.object({ name: profileNameSchema });
type NameForm = z.input<typeof nameFormSchema>;

interface NameStepProps {
  mobile: string;
  txnId: string;
  onCreated: (session: Session) => void;
  onStartAgain: () => void;
  headingId: string;
}

/** Step 3, for a new number only: the candidate's name creates the wallet. Loaded only when needed. */
export default function NameStep({ mobile, txnId, onCreated, onStartAgain, headingId }: NameStepProps) {
  const t = useT(authCatalog);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NameForm, unknown, z.output<typeof nameFormSchema>>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async ({ name }) => {
    setServerError(null);
    try {
      const session = await createWallet({ mobile, name, txnId });
      track('auth', 'signed_in', { newUser: true });
      onCreated(session);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <Box
      component="form"
      // The handler shows its own errors: nothing is left to wait for.
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Box>
        <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('createWalletTitle')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          <RichText
            catalog={authCatalog}
            id="numberVerified"
            values={{ mobile: maskMobile(mobile) }}
            elements={{
              0: <Box component="strong" sx={{ color: 'text.primary', whiteSpace: 'nowrap' }} />,
            }}
          />
        </Typography>
      </Box>
      <TextField
        label={t('fullName')}
        autoComplete="name"
        autoFocus
        error={Boolean(errors.name)}
        helperText={errors.name?.message ? localMessage(errors.name.message) : ' '}
        {...register('name')}
      />
      {serverError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={onStartAgain}>
              {t('startAgain')}
            </Button>
          }
        >
          {serverError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('createWallet')}
      </Button>
    </Box>
  );
}
