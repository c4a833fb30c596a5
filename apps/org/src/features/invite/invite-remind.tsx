import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { OrgFormSummary } from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { inviteApi } from './invite-api';
import { im } from './invite-messages';

/** Reminds, after a confirmation, every candidate of a form who has not started. */
export function InviteRemind({ forms }: { forms: readonly OrgFormSummary[] }) {
  const [formId, setFormId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [remind, reminding] = inviteApi.useRemindNotStartedMutation();
  const form = forms.find((f) => f.formId === formId);

  const run = async () => {
    setConfirming(false);
    setNote(null);
    const result = await remind(formId);
    setNote(
      'error' in result
        ? { ok: false, text: isOrgQueryError(result.error) ? result.error.message : im.unexpected }
        : { ok: true, text: im.remind.done(result.data.reminded) },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invite-remind-title" sx={{ p: 2 }}>
      <Typography id="invite-remind-title" variant="h2" sx={{ mb: 1 }}>
        {im.remind.title}
      </Typography>
      <Stack spacing={2}>
        <Typography color="text.secondary">{im.remind.intro}</Typography>
        {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={im.remind.form}
            value={formId}
            onChange={(event) => setFormId(event.target.value)}
            sx={{ minWidth: { sm: 260 } }}
          >
            {forms.map((f) => (
              <MenuItem key={f.formId} value={f.formId}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button
              variant="outlined"
              disabled={!form || reminding.isLoading}
              onClick={() => {
                setNote(null);
                setConfirming(true);
              }}
            >
              {im.remind.action}
            </Button>
          </Box>
        </Stack>
      </Stack>
      {confirming && form && (
        <Dialog open onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
          <DialogTitle>{im.remind.confirmTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText>{im.remind.confirmBody(form.name)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)}>{im.cancel}</Button>
            <Button variant="contained" onClick={() => void run()}>
              {im.remind.confirm}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Paper>
  );
}
