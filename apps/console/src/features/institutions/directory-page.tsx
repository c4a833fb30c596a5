import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  INSTITUTION_KINDS,
  INSTITUTION_METHODS,
  INSTITUTION_SORTS,
  type CreateInstitution,
  type Institution,
  type InstitutionContact,
  type InstitutionKind,
  type InstitutionMethod,
} from '@veridocs/shared';
import { isConsoleQueryError } from '../../app/api';
import { useSession } from '../../app/use-session';
import { formatDate, m } from '../../messages';
import { im } from './institution-messages';
import {
  useAddContactMutation,
  useCreateInstitutionMutation,
  useInstitutionsQuery,
  useRemoveContactMutation,
  useUpdateInstitutionMutation,
} from './institutions-api';

const t = im.directory;
const LIMIT = 25;
type Sort = (typeof INSTITUTION_SORTS)[number];

const errorText = (error: unknown) =>
  isConsoleQueryError(error) && error.message ? error.message : m.app.unexpectedError;

const rupees = (paise: number | null) =>
  paise === null
    ? t.none
    : new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        // ₹1,500 rather than ₹1,500.00; paise shown when there are some.
        minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
      }).format(paise / 100);

/** "500", "499.50", "1,500" → paise; '' → null; anything else → undefined (invalid). */
export function paiseOf(text: string): number | null | undefined {
  const clean = text.replace(/[₹,\s]/g, '');
  if (clean === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

const percent = (rate: number | null) => (rate === null ? t.none : `${Math.round(rate * 100)}%`);
const days = (value: number | null) => (value === null ? t.none : String(value));

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A form in a dialog: its title, the server's refusal, the fields, Cancel and the submit button. */
function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitting,
  serverError,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  serverError: string | null;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={submitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {m.app.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An institute or board by the reference data's value, or an employer by name. */
function AddDialog({
  initialKind,
  initialValue,
  onClose,
  onAdded,
}: {
  initialKind: InstitutionKind;
  initialValue: string;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const [kind, setKind] = useState<InstitutionKind>(initialKind);
  const [value, setValue] = useState(initialValue);
  const [invalid, setInvalid] = useState(false);
  const [create, state] = useCreateInstitutionMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const trimmed = value.trim();
    if (trimmed.length < (kind === 'employer' ? 2 : 1)) return setInvalid(true);
    const body: CreateInstitution =
      kind === 'employer' ? { kind, name: trimmed } : { kind, refValue: trimmed };
    try {
      const created = await create(body).unwrap();
      onAdded(created?.name ?? trimmed);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <FormDialog
      title={im.add.title}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={im.add.submit}
      submitting={state.isLoading}
      serverError={error}
    >
      <TextField
        select
        label={im.add.kind}
        value={kind}
        onChange={(event) => setKind(event.target.value as InstitutionKind)}
      >
        {INSTITUTION_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {m.institutions.kinds[k]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={kind === 'employer' ? im.add.employerName : im.add.refValue}
        value={value}
        required
        autoFocus
        onChange={(event) => {
          setValue(event.target.value);
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? im.add.required : kind === 'employer' ? undefined : im.add.refValueHelp}
        slotProps={{ htmlInput: { maxLength: kind === 'employer' ? 200 : 300 } }}
      />
    </FormDialog>
  );
}

function EditDialog({
  institution,
  onClose,
  onSaved,
}: {
  institution: Institution;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [method, setMethod] = useState<InstitutionMethod>(institution.method);
  const [fee, setFee] = useState(institution.feePaise === null ? '' : String(institution.feePaise / 100));
  const [notes, setNotes] = useState(institution.notes ?? '');
  const [feeInvalid, setFeeInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [update, state] = useUpdateInstitutionMutation();
  const submit = async () => {
    const feePaise = paiseOf(fee);
    if (feePaise === undefined) return setFeeInvalid(true);
    try {
      await update({
        id: institution.id,
        body: { method, feePaise, notes: notes.trim() ? notes.trim() : null },
      }).unwrap();
      onSaved();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <FormDialog
      title={im.edit.title(institution.name)}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={im.edit.submit}
      submitting={state.isLoading}
      serverError={error}
    >
      <TextField
        select
        label={im.edit.method}
        value={method}
        onChange={(event) => setMethod(event.target.value as InstitutionMethod)}
        helperText={im.edit.methodHelp[method]}
      >
        {INSTITUTION_METHODS.map((value) => (
          <MenuItem key={value} value={value}>
            {m.institutions.methods[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={im.edit.fee}
        value={fee}
        onChange={(event) => {
          setFee(event.target.value);
          setFeeInvalid(false);
        }}
        error={feeInvalid}
        helperText={feeInvalid ? im.edit.feeInvalid : im.edit.feeHelp}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
      />
      <TextField
        label={im.edit.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}

/** An institution's contacts: every staff member reads them; admins add (a link confirms) and remove. */
function ContactsDialog({
  institution,
  isAdmin,
  onClose,
}: {
  institution: Institution;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [batchDaily, setBatchDaily] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<InstitutionContact | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [add, addState] = useAddContactMutation();
  const [remove, removeState] = useRemoveContactMutation();
  const c = im.contacts;

  const submit = async () => {
    const trimmed = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return setInvalid(true);
    setError(null);
    setNotice(null);
    try {
      await add({ id: institution.id, body: { email: trimmed, batchDaily } }).unwrap();
      setNotice(c.linkSent(trimmed));
      setEmail('');
      setBatchDaily(false);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await remove({ id: institution.id, contactId: removing.id }).unwrap();
      setNotice(c.removed(removing.email));
      setRemoving(null);
    } catch (failure) {
      setRemoveError(errorText(failure));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {c.title(institution.name)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{c.intro}</DialogContentText>
          <Box role="status">{notice && <Alert severity="success">{notice}</Alert>}</Box>
          {institution.contacts.length === 0 ? (
            <Typography color="text.secondary">{c.none}</Typography>
          ) : (
            <Box component="ul" aria-label={c.list} sx={{ m: 0, p: 0 }}>
              {institution.contacts.map((contact) => (
                <Stack
                  key={contact.id}
                  component="li"
                  direction="row"
                  sx={{
                    listStyle: 'none',
                    alignItems: 'center',
                    gap: 1,
                    flexWrap: 'wrap',
                    py: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography sx={{ fontWeight: 600, wordBreak: 'break-all', mr: 'auto' }}>
                    {contact.email}
                  </Typography>
                  <Chip
                    size="small"
                    color={contact.confirmed ? 'success' : 'default'}
                    variant={contact.confirmed ? 'filled' : 'outlined'}
                    label={contact.confirmed ? c.confirmed : c.awaiting}
                  />
                  {contact.batchDaily && <Chip size="small" variant="outlined" label={c.daily} />}
                  {isAdmin && (
                    <IconButton
                      aria-label={c.removeLabel(contact.email)}
                      onClick={() => {
                        setRemoveError(null);
                        setRemoving(contact);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Box>
          )}
          {isAdmin && (
            <Box
              component="form"
              noValidate
              aria-label={c.addTitle}
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {c.addTitle}
              </Typography>
              <Stack spacing={1.5}>
                {error && <Alert severity="error">{error}</Alert>}
                <TextField
                  label={c.email}
                  type="email"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setInvalid(false);
                  }}
                  error={invalid}
                  helperText={invalid ? c.emailInvalid : undefined}
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: 254 } }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={batchDaily}
                      onChange={(event) => setBatchDaily(event.target.checked)}
                    />
                  }
                  label={c.batchDaily}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
                  {c.batchDailyHelp}
                </Typography>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<AddIcon />}
                  disabled={addState.isLoading}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {c.submit}
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{c.close}</Button>
      </DialogActions>
      {removing && (
        <Dialog
          open
          onClose={() => setRemoving(null)}
          aria-labelledby={`${titleId}-remove`}
          maxWidth="xs"
          fullWidth
        >
          <DialogTitle id={`${titleId}-remove`} sx={{ wordBreak: 'break-word' }}>
            {c.removeTitle(removing.email)}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {removeError && <Alert severity="error">{removeError}</Alert>}
              <DialogContentText>{c.removeBody}</DialogContentText>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRemoving(null)} disabled={removeState.isLoading}>
              {m.app.cancel}
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={removeState.isLoading}
              onClick={() => void confirmRemove()}
            >
              {c.remove}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Dialog>
  );
}

const SORTABLE: Partial<Record<keyof typeof t.columns, Sort>> = {
  name: 'name',
  responseRate: 'responseRate',
  median: 'median',
  p90: 'p90',
  open: 'open',
  oldest: 'oldest',
};
// The kind is written under the name: one column fewer keeps the table within a laptop's width.
const COLUMNS = [
  'name',
  'contacts',
  'method',
  'fee',
  'sent',
  'answered',
  'responseRate',
  'median',
  'p90',
  'open',
  'oldest',
] as const;
const NUMERIC = new Set<string>(['fee', 'sent', 'answered', 'responseRate', 'median', 'p90', 'open']);

/**
 * The institution directory (issue 27): each institute, board or employer with its contacts, method,
 * fee and measured turnaround; sorted, filtered and paged by the server. Everyone reads it; admins add,
 * edit and manage contacts (the server checks the role too).
 */
export default function DirectoryPage() {
  const session = useSession();
  const isAdmin = session?.staff.role === 'admin';
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebounced(search.trim(), 300);
  const kindParam = params.get('kind') ?? '';
  const kind = (INSTITUTION_KINDS as readonly string[]).includes(kindParam)
    ? (kindParam as InstitutionKind)
    : '';
  const withOpen = params.get('withOpen') === 'true';
  const sortParam = params.get('sort') ?? 'name';
  const sort: Sort = (INSTITUTION_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as Sort)
    : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const addKind = params.get('add');
  const [adding, setAdding] = useState<{ kind: InstitutionKind; value: string } | null>(() =>
    isAdmin && addKind && (INSTITUTION_KINDS as readonly string[]).includes(addKind)
      ? { kind: addKind as InstitutionKind, value: params.get('value') ?? '' }
      : null,
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [contactsOf, setContactsOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noteId = useId();

  const update = (changes: Record<string, string>, keepOffset = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    if (!keepOffset) next.delete('offset');
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const { data, isLoading, isFetching, isError, refetch } = useInstitutionsQuery({
    q: q || undefined,
    kind: kind || undefined,
    withOpen: withOpen || undefined,
    sort,
    order,
    offset,
    limit: LIMIT,
  });
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const filtered = Boolean(q || kind || withOpen);
  const find = (id: string | null) => items.find((item) => item.id === id) ?? null;
  const editingItem = find(editing);
  const contactsItem = find(contactsOf);

  const sortBy = (key: Sort) =>
    update({ sort: key, order: sort === key && order === 'asc' ? 'desc' : 'asc' });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h1">{t.title}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t.intro}
          </Typography>
          {!isAdmin && (
            <Typography variant="body2" color="text.secondary">
              {t.readOnly}
            </Typography>
          )}
        </Box>
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAdding({ kind: 'institute', value: '' })}
            sx={{ flexShrink: 0 }}
          >
            {t.add}
          </Button>
        )}
      </Stack>
      <Box role="status">
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
      </Box>
      <Paper>
        <Box
          role="search"
          sx={{
            p: 2,
            display: 'grid',
            gap: 1.5,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' },
          }}
        >
          <TextField
            label={t.search}
            placeholder={t.searchPlaceholder}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            fullWidth
          />
          <TextField
            select
            label={t.kind}
            value={kind}
            onChange={(event) => update({ kind: event.target.value })}
            fullWidth
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t.any}</MenuItem>
            {INSTITUTION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {m.institutions.kinds[k]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={withOpen}
                onChange={(event) => update({ withOpen: event.target.checked ? 'true' : '' })}
              />
            }
            label={t.withOpen}
          />
        </Box>
        {isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {m.app.retry}
              </Button>
            }
          >
            {t.loadError}
          </Alert>
        ) : (
          <Box
            role="region"
            aria-label={t.tableLabel}
            tabIndex={0}
            sx={{ overflowX: 'auto', maxWidth: '100%' }}
          >
            <Table
              size="small"
              aria-label={t.tableLabel}
              aria-describedby={noteId}
              aria-busy={isFetching}
              sx={{ '& th, & td': { px: 0.75 }, '& tr > :first-of-type': { pl: 2 } }}
            >
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => {
                    const key = SORTABLE[column];
                    const label = t.columns[column];
                    return (
                      <TableCell
                        key={column}
                        align={NUMERIC.has(column) ? 'right' : 'left'}
                        sortDirection={key && sort === key ? order : false}
                        sx={{
                          whiteSpace: column === 'name' ? 'nowrap' : 'normal',
                          minWidth: column === 'name' ? 150 : undefined,
                        }}
                      >
                        {key ? (
                          <TableSortLabel
                            active={sort === key}
                            direction={sort === key ? order : 'asc'}
                            onClick={() => sortBy(key)}
                          >
                            {label}
                          </TableSortLabel>
                        ) : (
                          label
                        )}
                      </TableCell>
                    );
                  })}
                  {isAdmin && <TableCell>{t.columns.actions}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {isLoading &&
                  [0, 1, 2, 3].map((row) => (
                    <TableRow key={row}>
                      <TableCell colSpan={COLUMNS.length + (isAdmin ? 1 : 0)}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ))}
                {!isLoading && items.length === 0 && (
                  <TableRow>
                    <TableCell
                      colSpan={COLUMNS.length + (isAdmin ? 1 : 0)}
                      sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}
                    >
                      {filtered ? t.emptyFiltered : t.empty}
                    </TableCell>
                  </TableRow>
                )}
                {items.map((item) => {
                  const confirmed = item.contacts.filter((c) => c.confirmed).length;
                  const awaiting = item.contacts.length - confirmed;
                  const turnaround = item.turnaround;
                  return (
                    <TableRow key={item.id} hover>
                      <TableCell component="th" scope="row" sx={{ fontWeight: 650 }}>
                        {item.name}
                        <Typography
                          variant="caption"
                          component="p"
                          color="text.secondary"
                          sx={{ fontWeight: 400, maxWidth: 260, whiteSpace: 'normal' }}
                        >
                          {m.institutions.kinds[item.kind]}
                          {item.notes ? ` · ${item.notes}` : ''}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ minWidth: 110, maxWidth: 150 }}>
                        <Button
                          size="small"
                          onClick={() => setContactsOf(item.id)}
                          aria-label={`${t.contactsLabel(item.name)}: ${
                            item.contacts.length ? t.contactsSummary(confirmed, awaiting) : t.noContacts
                          }`}
                          sx={{ textAlign: 'left', p: 0.25, minWidth: 0 }}
                        >
                          {item.contacts.length ? t.contactsSummary(confirmed, awaiting) : t.noContacts}
                        </Button>
                      </TableCell>
                      <TableCell>{m.institutions.methods[item.method]}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {rupees(item.feePaise)}
                      </TableCell>
                      <TableCell align="right">{turnaround.sent}</TableCell>
                      <TableCell align="right">{turnaround.answered}</TableCell>
                      <TableCell align="right">{percent(turnaround.responseRate)}</TableCell>
                      <TableCell align="right">{days(turnaround.medianDays)}</TableCell>
                      <TableCell align="right">{days(turnaround.p90Days)}</TableCell>
                      <TableCell align="right">{turnaround.open}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {turnaround.oldestOpenAt ? formatDate(turnaround.oldestOpenAt) : t.none}
                      </TableCell>
                      {isAdmin && (
                        <TableCell>
                          <Button
                            size="small"
                            variant="outlined"
                            aria-label={t.editLabel(item.name)}
                            onClick={() => setEditing(item.id)}
                          >
                            {t.edit}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
        <Typography
          id={noteId}
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          {t.daysNote}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            p: 1.5,
            alignItems: 'center',
            justifyContent: 'flex-end',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
            {isLoading ? m.app.loading : total > 0 ? t.shown(offset + 1, offset + items.length, total) : ''}
          </Typography>
          <Button
            disabled={offset === 0 || isFetching}
            onClick={() => update({ offset: String(Math.max(0, offset - LIMIT)) }, true)}
          >
            {t.previous}
          </Button>
          <Button
            variant="outlined"
            disabled={offset + LIMIT >= total || isFetching}
            onClick={() => update({ offset: String(offset + LIMIT) }, true)}
          >
            {t.next}
          </Button>
        </Stack>
      </Paper>
      {adding && (
        <AddDialog
          initialKind={adding.kind}
          initialValue={adding.value}
          onClose={() => {
            setAdding(null);
            if (params.has('add')) update({ add: '', value: '' }, true);
          }}
          onAdded={(name) => {
            setAdding(null);
            setNotice(im.add.added(name));
            if (params.has('add')) update({ add: '', value: '' }, true);
          }}
        />
      )}
      {editingItem && (
        <EditDialog
          institution={editingItem}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(im.edit.saved(editingItem.name));
          }}
        />
      )}
      {contactsItem && (
        <ContactsDialog institution={contactsItem} isAdmin={isAdmin} onClose={() => setContactsOf(null)} />
      )}
    </Stack>
  );
}
