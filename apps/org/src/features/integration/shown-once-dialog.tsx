import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { im } from './integration-messages';

/** A key or secret shown once, with a copy button; closing forgets it. */
export function ShownOnceDialog(props: {
  title: string;
  value: string | null;
  note?: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    props.onClose();
  };
  return (
    <Dialog open={props.value !== null} onClose={close} aria-labelledby="shown-once-title" fullWidth>
      <DialogTitle id="shown-once-title">{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <Alert severity="warning">{im.shownOnce.note}</Alert>
          {props.note && <Typography>{props.note}</Typography>}
          <Typography
            component="code"
            data-testid="shown-once-value"
            sx={{
              fontFamily: 'monospace',
              wordBreak: 'break-all',
              p: 1,
              bgcolor: 'action.hover',
              borderRadius: 1,
            }}
          >
            {props.value}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(props.value ?? '').then(() => setCopied(true));
          }}
        >
          {copied ? im.shownOnce.copied : im.shownOnce.copy}
        </Button>
        <Button variant="contained" onClick={close}>
          {im.shownOnce.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
