import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import {
  CANDIDATE_LANGUAGES,
  orgCandidateInviteSchema,
  type OrgCandidateInvite,
  type OrgFormSummary,
} from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { inviteApi } from './invite-api';
import { im } from './invite-messages';

interface Values {
  formId: string;
  name: string;
  mobile: string;
  email: string;
  language: 'en' | 'hi';
}

/** The shared schema, with "choose a form" in words; an empty e-mail is taken as none. */
const schema = orgCandidateInviteSchema.extend({
  formId: z.string().trim().min(1, im.one.chooseForm).max(100),
});
const zod = zodResolver(schema) as unknown as Resolver<Values, unknown, OrgCandidateInvite>;
const resolver: Resolver<Values, unknown, OrgCandidateInvite> = (values, context, options) =>
  zod(
    { ...values, email: values.email.trim() === '' ? (undefined as never) : values.email },
    context,
    options,
  );

/** 32 random hex digits (getRandomValues works outside secure contexts too, unlike randomUUID). */
const newKey = () =>
  `portal-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * One Idempotency-Key per form fill: a retry of the same values reuses it (the server answers the first
 * invitation); changed values, or the next candidate after `done`, get a new one (the server refuses a
 * key reused with another body).
 */
function fillKeys() {
  let last: { key: string; body: string } | null = null;
  return {
    for(body: string): string {
      if (last?.body !== body) last = { key: newKey(), body };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

const EMPTY: Values = { formId: '', name: '', mobile: '', email: '', language: 'en' };

/** One candidate: form, name, mobile, optional e-mail and the messages' language. */
export function InviteOne({ forms }: { forms: readonly OrgFormSummary[] }) {
  const [invite] = inviteApi.useInviteCandidateMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, control, handleSubmit, formState, reset, getValues } = useForm<
    Values,
    unknown,
    OrgCandidateInvite
  >({ resolver, defaultValues: EMPTY });

  const [keys] = useState(fillKeys);
  const submit = handleSubmit(async (body) => {
    setNote(null);
    const result = await invite({ body, idempotencyKey: keys.for(JSON.stringify(body)) });
    if ('error' in result) {
      setNote({ ok: false, text: isOrgQueryError(result.error) ? result.error.message : im.unexpected });
      return;
    }
    keys.done();
    setNote({ ok: true, text: im.one.sent(result.data.mobile) });
    // The next candidate is often for the same form and language.
    reset({ ...EMPTY, formId: getValues('formId'), language: getValues('language') });
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-one-title" sx={{ p: 2 }}>
      <Typography id="invite-one-title" variant="h2" sx={{ mb: 2 }}>
        {im.one.title}
      </Typography>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2.5}>
          {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
          <Controller
            control={control}
            name="formId"
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                label={im.one.form}
                {...field}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {forms.map((form) => (
                  <MenuItem key={form.formId} value={form.formId}>
                    {form.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={im.one.name}
            required
            autoComplete="off"
            {...register('name')}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message}
          />
          <TextField
            label={im.one.mobile}
            required
            type="tel"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...register('mobile')}
            error={Boolean(formState.errors.mobile)}
            helperText={formState.errors.mobile?.message ?? im.one.mobileHelp}
          />
          <TextField
            label={im.one.email}
            type="email"
            autoComplete="off"
            {...register('email')}
            error={Boolean(formState.errors.email)}
            helperText={formState.errors.email?.message}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField select label={im.one.language} {...field}>
                {CANDIDATE_LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language} lang={language}>
                    {im.one.languages[language]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? im.one.sending : im.one.send}
            </Button>
          </Box>
        </Stack>
      </form>
    </Paper>
  );
}
