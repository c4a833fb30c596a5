import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { Credential, WalletDocument } from '@veridocs/shared';
import { FileUpload, formatSize, openStoredFile } from '../../components/file-upload';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { walletCatalog } from './wallet-catalog';
import { documentUploadUrl, useRemoveDocumentMutation } from './wallet-api';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';

function kindOf(document: WalletDocument): string | null {
  if (!document.mimeType) return null;
  return document.mimeType === 'application/pdf'
    ? 'PDF'
    : document.mimeType.replace('image/', '').toUpperCase();
}

function DocumentRow({
  credentialId,
  document,
  onRemoved,
}: {
  credentialId: string;
  document: WalletDocument;
  onRemoved: () => void;
}) {
  const t = useT(walletCatalog);
  const [confirming, setConfirming] = useState(false);
  const [removeDocument, { isLoading: removing }] = useRemoveDocumentMutation();
  const remove = async () => {
    const result = await removeDocument({ credentialId, fileId: document.fileId });
    // A failure is told by the API client's snackbar; the dialog stays for another try.
    if ('error' in result) return;
    setConfirming(false);
    notify(t('documentRemovedToast'), 'success');
    onRemoved();
  };
  const facts = [
    kindOf(document),
    document.size === undefined ? null : formatSize(document.size),
    t('documentAdded', { date: formatDate(document.addedAt) }),
  ].filter((f): f is string => f !== null);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        flexWrap: 'wrap',
      }}
    >
      <DescriptionOutlinedIcon aria-hidden color="action" />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {document.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {facts.join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={() => void openStoredFile(document.fileId)}
        aria-label={t('downloadDocument', { name: document.name })}
      >
        {t('download')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setConfirming(true)}
        aria-label={t('removeDocument', { name: document.name })}
      >
        {t('remove')}
      </Button>
      <ConfirmDialog
        id={`remove-${document.fileId}`}
        open={confirming}
        title={t('removeDocumentTitle')}
        confirmLabel={t('remove')}
        closeLabel={t('cancel')}
        confirmColor="error"
        busy={removing}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        {t('removeDocumentBody', { name: document.name })}
      </ConfirmDialog>
    </Box>
  );
}

/**
 * The holder's supporting documents of one credential (ADR 0037): their own uploads, kept beside the
 * credential and checked like every upload, never attested by the issuer nor shown by the share link.
 */
export function WalletDocuments({
  credential,
  onChanged,
}: {
  credential: Credential;
  /** A document was added or removed: the credential is to be fetched again. */
  onChanged: () => void;
}) {
  const t = useT(walletCatalog);
  // A new upload zone after each document: the field holds no value of its own.
  const [round, setRound] = useState(0);
  // A removed document's row goes, and its Remove button with it: focus moves to the section's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const removed = () => {
    heading.current?.focus();
    onChanged();
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="documents-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id="documents-heading"
        ref={heading}
        tabIndex={-1}
        variant="h6"
        component="h3"
        sx={{ mb: 0.5, outline: 'none' }}
      >
        {t('documents')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('documentsBody')}
      </Typography>
      {credential.documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('noDocuments')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, mb: 2, listStyle: 'none' }}>
          {credential.documents.map((d) => (
            <DocumentRow key={d.fileId} credentialId={credential.id} document={d} onRemoved={removed} />
          ))}
        </Stack>
      )}
      {credential.status === 'active' && (
        <FileUpload
          key={round}
          id="wallet-add-document"
          label={t('addDocument')}
          accessibleLabel={t('addDocument')}
          value={null}
          uploadUrl={documentUploadUrl(credential.id)}
          onChange={(file) => {
            if (!file) return;
            notify(t('documentAddedToast'), 'success');
            setRound((n) => n + 1);
            onChanged();
          }}
        />
      )}
    </Paper>
  );
}
