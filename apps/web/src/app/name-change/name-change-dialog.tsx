import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { NAME_CHANGE_MESSAGES } from '@veridocs/shared';
import { FileUpload, filesOf } from '../../components/file-upload';
import { useT } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { notify } from '../../lib/notify';
import { useFileNameChangeMutation } from './name-change-api';
import { nameChangeCatalog } from './name-change-catalog';

export interface NameChangeDialogProps {
  open: boolean;
  onClose: () => void;
  orgId: string;
  txnId: string;
  /** The identity verification whose verified name differs (aadhaar, passport). */
  verificationName: string;
  verifiedName: string;
  profileName: string;
}

/**
 * The name change dialog (spec §2, §5 "Name change: document required"): one proof document through
 * the file upload, filed with POST /transactions/name-change-request (the server files it once).
 */
export function NameChangeDialog(props: NameChangeDialogProps) {
  const t = useT(nameChangeCatalog);
  const ruleText = useRuleText();
  const titleId = useId();
  const [value, setValue] = useState<unknown>(null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [fileNameChange, { isLoading }] = useFileNameChangeMutation();

  const submit = async () => {
    const [proof] = filesOf(value);
    if (!proof) {
      setError(ruleText(NAME_CHANGE_MESSAGES.documentRequired));
      return;
    }
    setError(undefined);
    setFailure(null);
    const result = await fileNameChange({
      orgId: props.orgId,
      txnId: props.txnId,
      verificationName: props.verificationName,
      documentList: [{ label: t('proofLabel'), url: proof.fileUrl }],
    });
    if ('error' in result) {
      setFailure(ruleText(queryErrorMessage(result.error)));
      return;
    }
    notify(t('filed'), 'success');
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{t('mismatch', { verified: props.verifiedName, profile: props.profileName })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('explain')}
        </Typography>
        <FileUpload
          id="name-change-proof"
          label={t('proofLabel')}
          accessibleLabel={t('proofLabel')}
          value={value}
          onChange={(next) => {
            setValue(next);
            if (filesOf(next).length > 0) setError(undefined);
          }}
          maxFiles={1}
          fileCategory="nameChangeProof"
          error={error}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={isLoading}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={isLoading}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
