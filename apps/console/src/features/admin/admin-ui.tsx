import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { isConsoleQueryError } from '../../app/api';
import { am } from './admin-messages';
import { adminApi } from './admin-api';

/** A page's title, its one-line purpose and its main action. */
export function PageHeader({ title, intro, action }: { title: string; intro: string; action?: ReactNode }) {
  return (
    // On a phone the action goes under the title: side by side they were wider than the screen.
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, justifyContent: 'space-between', mb: 3 }}
    >
      <Box>
        <Typography variant="h1">{title}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}

/**
 * A table's scroll area: a table wider than a phone scrolls sideways inside it, not the page. It can
 * be focused (keyboard users scroll it; axe's scrollable-region-focusable) and is named by `label`.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </Box>
  );
}

/** The server's message of a failed call, else a generic one. */
export function errorText(error: unknown): string {
  if (isConsoleQueryError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return am.common.loadError;
}

/** Loading, error (with retry) and empty states around a list. */
export function LoadState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (loading)
    return (
      <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {am.common.retry}
          </Button>
        }
      >
        {errorText(error)}
      </Alert>
    );
  if (empty)
    return (
      <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
        <Typography>{emptyText}</Typography>
      </Box>
    );
  return <>{children}</>;
}

/** A column of a ListTable: its heading, or a heading (none for an actions column) aligned right. */
export type Column = string | { label?: string; align: 'right' };

/**
 * An admin list: the query's loading, error (with retry) and empty states, then a table with one
 * heading row of `columns` and the caller's rows.
 */
export function ListTable({
  query,
  items,
  emptyText,
  label,
  size,
  columns,
  children,
}: {
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  items: readonly unknown[] | undefined;
  emptyText: string;
  label: string;
  size?: 'small';
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <LoadState
      loading={query.isLoading}
      error={query.error}
      empty={(items?.length ?? 0) === 0}
      emptyText={emptyText}
      onRetry={() => void query.refetch()}
    >
      <TableScroll label={label}>
        <Table size={size} aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column, index) =>
                typeof column === 'string' ? (
                  <TableCell key={index}>{column || null}</TableCell>
                ) : (
                  <TableCell key={index} align={column.align}>
                    {column.label}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableScroll>
    </LoadState>
  );
}

/** A secret the server answers once (an API key, a password): shown with a copy button. */
export function ShownOnceDialog({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {am.common.shownOnce}
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {label}
        </Typography>
        <Box
          component="code"
          data-testid="shown-once-secret"
          sx={{
            display: 'block',
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontFamily: 'monospace',
            wordBreak: 'break-all',
          }}
        >
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(secret ?? '').then(() => setCopied(true));
          }}
        >
          {copied ? am.common.copied : am.common.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {am.common.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An admin form in a dialog: its title, the server's refusal, the fields, Cancel and the submit button. */
export function FormDialog({
  open = true,
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitting,
  serverError,
  children,
}: {
  open?: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitting: boolean;
  serverError: string | null;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{am.common.cancel}</Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The organisation picker of the per-organisation pages. */
export function OrgSelect({ value, onChange }: { value: string; onChange: (orgId: string) => void }) {
  const orgs = adminApi.useOrgsQuery();
  return (
    <TextField
      select
      label={am.common.organisation}
      value={orgs.data?.list.some((o) => o.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 280 }}
      size="small"
    >
      {(orgs.data?.list ?? []).map((org) => (
        <MenuItem key={org.id} value={org.id}>
          {org.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
