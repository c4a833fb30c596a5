import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import AddIcon from '@mui/icons-material/Add';
import type { OpsDecisionRequest } from '@veridocs/shared';
import { m } from '../../messages';

export type DecisionKind = 'start' | 'verify' | 'fail' | 'ask' | 'close';

/** A document key from its label: "Degree certificate" → "degree_certificate". */
const keyOf = (label: string, index: number) =>
  label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60) || `document_${index + 1}`;

/**
 * Confirms one decision on a verification, with what it needs: a reason to fail, a reason and the
 * documents to ask for (INSUFFICIENT_DATA), an optional reason to close.
 */
export function DecisionDialog({
  kind,
  verificationName,
  verificationLabel,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  kind: DecisionKind;
  verificationName: string;
  verificationLabel: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (decision: OpsDecisionRequest) => void;
}) {
  const [reason, setReason] = useState('');
  const [documents, setDocuments] = useState<string[]>(['']);
  const [invalid, setInvalid] = useState<string | null>(null);
  const text = m.cases.decisions[kind];

  const confirm = () => {
    const trimmed = reason.trim();
    switch (kind) {
      case 'start':
        return onConfirm({ verificationName, state: 'IN_PROGRESS' });
      case 'verify':
        return onConfirm({ verificationName, state: 'COMPLETED' });
      case 'fail':
        if (!trimmed) return setInvalid(m.cases.reasonRequired);
        return onConfirm({ verificationName, state: 'FAILED', reason: trimmed });
      case 'ask': {
        const labels = documents.map((d) => d.trim()).filter(Boolean);
        if (!trimmed) return setInvalid(m.cases.reasonRequired);
        if (labels.length === 0) return setInvalid(m.cases.documentsRequired);
        const keys = labels.map(keyOf);
        const unique = keys.map((key, index) => (keys.indexOf(key) === index ? key : `${key}_${index + 1}`));
        return onConfirm({
          verificationName,
          state: 'INSUFFICIENT_DATA',
          reason: trimmed,
          documents: labels.map((label, index) => ({ key: unique[index] ?? `document_${index + 1}`, label })),
        });
      }
      case 'close':
        return onConfirm(
          trimmed
            ? { verificationName, state: 'CLOSED', reason: trimmed }
            : { verificationName, state: 'CLOSED' },
        );
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="decision-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="decision-title">{text.title(verificationLabel)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <DialogContentText>{text.body}</DialogContentText>
          {(error || invalid) && <Alert severity="error">{error ?? invalid}</Alert>}
          {(kind === 'fail' || kind === 'ask' || kind === 'close') && (
            <TextField
              label={kind === 'close' ? m.cases.reasonOptional : m.cases.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
          )}
          {kind === 'ask' && (
            <Stack spacing={1}>
              {documents.map((label, index) => (
                <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    label={m.cases.documentLabel(index + 1)}
                    value={label}
                    onChange={(e) =>
                      setDocuments((list) => list.map((d, i) => (i === index ? e.target.value : d)))
                    }
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                  <IconButton
                    aria-label={m.cases.removeDocument(index + 1)}
                    disabled={documents.length === 1}
                    onClick={() => setDocuments((list) => list.filter((_d, i) => i !== index))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
              <Button
                startIcon={<AddIcon />}
                disabled={documents.length >= 10}
                onClick={() => setDocuments((list) => [...list, ''])}
                sx={{ alignSelf: 'flex-start' }}
              >
                {m.cases.addDocument}
              </Button>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {m.app.cancel}
        </Button>
        <Button
          variant="contained"
          color={kind === 'fail' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={busy}
        >
          {text.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
