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
import { errorMessage } from '../../lib/api-client';
import { createWallet } from './auth-api';
import { maskMobile } from './mask';
import { useAutoFocus } from '../../lib/controlled-input';

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
  const [serverError, setServerError] = useState<string | null>(null);
  const autoFocusRef = useAutoFocus<HTMLInputElement>();
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
      onCreated(await createWallet({ mobile, name, txnId }));
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
          Create your wallet
        </Typography>
        <Typography variant="body1" color="text.secondary">
          <Box component="strong" sx={{ color: 'text.primary', whiteSpace: 'nowrap' }}>
            {maskMobile(mobile)}
          </Box>{' '}
          is verified. Enter your full name as it appears on your documents.
        </Typography>
      </Box>
      <TextField
        label="Full Name"
        autoComplete="name"
        inputRef={autoFocusRef}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? ' '}
        {...register('name')}
      />
      {serverError && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={onStartAgain}>
              Start again
            </Button>
          }
        >
          {serverError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        Create Wallet
      </Button>
    </Box>
  );
}
