import { useState, type FormEvent } from 'react';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  BREACH_DATA_CLASSES,
  type BreachDataClass,
  type BreachNoticeText,
  type BreachVersion,
  type BreachVersionInput,
} from '@veridocs/shared';
import { DateTimeField, isLocalDateTime } from '../../components/date-time-field';
import { FormDialog } from './admin-ui';
import { bm } from './breach-messages';

const NOTICE_KEYS = ['whatHappened', 'consequences', 'actionsTaken', 'whatTheyCanDo'] as const;
type Texts = Record<keyof BreachNoticeText, string>;
const EMPTY_TEXTS: Texts = { whatHappened: '', consequences: '', actionsTaken: '', whatTheyCanDo: '' };

/** An ISO time as a DateTimeField holds it, 'yyyy-MM-ddTHH:mm' in the browser's time zone, and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const fromLocalInput = (value: string): string | null =>
  value ? new Date(value).toISOString() : null;

interface State {
  title: string;
  foundAt: string;
  occurredFrom: string;
  occurredTo: string;
  dataClasses: BreachDataClass[];
  kind: 'all' | 'transactions';
  orgId: string;
  formId: string;
  createdFrom: string;
  createdTo: string;
  en: Texts;
  hi: Texts;
  boardNotifiedAt: string;
}

function initial(from: BreachVersion | undefined): State {
  const affected = from?.affected;
  const selected = affected?.kind === 'transactions' ? affected : null;
  return {
    title: from?.title ?? '',
    foundAt: toLocalInput(from?.foundAt),
    occurredFrom: toLocalInput(from?.occurredFrom),
    occurredTo: toLocalInput(from?.occurredTo),
    dataClasses: from?.dataClasses ?? [],
    kind: affected?.kind ?? 'transactions',
    orgId: selected?.orgId ?? '',
    formId: selected?.formId ?? '',
    createdFrom: toLocalInput(selected?.createdFrom),
    createdTo: toLocalInput(selected?.createdTo),
    en: from?.notice.en ?? EMPTY_TEXTS,
    hi: from?.notice.hi ?? EMPTY_TEXTS,
    boardNotifiedAt: toLocalInput(from?.boardNotifiedAt),
  };
}

type Errors = Partial<Record<string, string>>;

const DATE_KEYS = [
  'foundAt',
  'occurredFrom',
  'occurredTo',
  'createdFrom',
  'createdTo',
  'boardNotifiedAt',
] as const;
type DateKey = (typeof DATE_KEYS)[number];

function validate(s: State): Errors {
  const errors: Errors = {};
  if (s.title.trim().length < 3) errors.title = bm.required;
  // A date without its time (or a time without its date) is said, never dropped.
  for (const key of DATE_KEYS) if (s[key] && !isLocalDateTime(s[key])) errors[key] = bm.dateAndTime;
  if (!s.foundAt) errors.foundAt = bm.required;
  if (s.occurredFrom && s.occurredTo && s.occurredTo < s.occurredFrom)
    errors.occurredTo ??= bm.endsBeforeStart;
  if (s.dataClasses.length === 0) errors.dataClasses = bm.chooseData;
  if (s.kind === 'transactions' && !s.orgId.trim() && !s.formId.trim() && !s.createdFrom && !s.createdTo)
    errors.affected = bm.nameSelector;
  if (s.createdFrom && s.createdTo && s.createdTo < s.createdFrom) errors.createdTo ??= bm.endsBeforeStart;
  for (const key of NOTICE_KEYS) if (!s.en[key].trim()) errors[`en.${key}`] = bm.required;
  const hiWritten = NOTICE_KEYS.filter((key) => s.hi[key].trim());
  if (hiWritten.length > 0 && hiWritten.length < NOTICE_KEYS.length)
    for (const key of NOTICE_KEYS) if (!s.hi[key].trim()) errors[`hi.${key}`] = bm.hindiAll;
  return errors;
}

function toInput(s: State): BreachVersionInput {
  const trimmed = (t: Texts): Texts => ({
    whatHappened: t.whatHappened.trim(),
    consequences: t.consequences.trim(),
    actionsTaken: t.actionsTaken.trim(),
    whatTheyCanDo: t.whatTheyCanDo.trim(),
  });
  return {
    title: s.title.trim(),
    foundAt: fromLocalInput(s.foundAt)!,
    occurredFrom: fromLocalInput(s.occurredFrom),
    occurredTo: fromLocalInput(s.occurredTo),
    dataClasses: BREACH_DATA_CLASSES.filter((c) => s.dataClasses.includes(c)),
    affected:
      s.kind === 'all'
        ? { kind: 'all' }
        : {
            kind: 'transactions',
            orgId: s.orgId.trim() || null,
            formId: s.formId.trim() || null,
            createdFrom: fromLocalInput(s.createdFrom),
            createdTo: fromLocalInput(s.createdTo),
          },
    notice: { en: trimmed(s.en), hi: NOTICE_KEYS.some((k) => s.hi[k].trim()) ? trimmed(s.hi) : null },
    boardNotifiedAt: fromLocalInput(s.boardNotifiedAt),
  };
}

/**
 * A whole breach entry: a new one, or (given `from`) the next version of one, its fields filled from
 * the current version. Checked here as the server checks it; the server's refusal is shown on top.
 */
export function BreachFormDialog({
  from,
  onClose,
  onSubmit,
  submitting,
  serverError,
}: {
  from?: BreachVersion;
  onClose: () => void;
  onSubmit: (input: BreachVersionInput) => void;
  submitting: boolean;
  serverError: string | null;
}) {
  const [s, setS] = useState<State>(() => initial(from));
  const [shown, setShown] = useState(false);
  const errors = shown ? validate(s) : {};
  const set = (patch: Partial<State>) => setS((prev) => ({ ...prev, ...patch }));
  const dateField = (key: DateKey, label: string, required = false) => (
    <DateTimeField
      label={label}
      required={required}
      value={s[key]}
      onChange={(value) => set({ [key]: value })}
      error={Boolean(errors[key])}
      helperText={errors[key]}
    />
  );
  const textFields = (lang: 'en' | 'hi') =>
    NOTICE_KEYS.map((key) => (
      <TextField
        key={`${lang}.${key}`}
        label={`${bm.notice[key]}${lang === 'hi' ? ' (हिन्दी)' : ''}`}
        required={lang === 'en'}
        multiline
        minRows={2}
        value={s[lang][key]}
        onChange={(e) => set({ [lang]: { ...s[lang], [key]: e.target.value } })}
        error={Boolean(errors[`${lang}.${key}`])}
        helperText={errors[`${lang}.${key}`]}
        slotProps={{ htmlInput: { lang: lang === 'hi' ? 'hi' : 'en' } }}
        fullWidth
      />
    ));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    if (Object.keys(validate(s)).length > 0) return;
    onSubmit(toInput(s));
  }

  return (
    <FormDialog
      title={from ? bm.versionTitle : bm.createTitle}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={from ? bm.saveVersion : bm.save}
      submitting={submitting}
      serverError={serverError}
    >
      {from && <Typography color="text.secondary">{bm.versionIntro}</Typography>}
      <TextField
        label={bm.fields.title}
        required
        value={s.title}
        onChange={(e) => set({ title: e.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title}
        fullWidth
      />
      {dateField('foundAt', bm.fields.foundAt, true)}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {dateField('occurredFrom', bm.fields.occurredFrom)}
        {dateField('occurredTo', bm.fields.occurredTo)}
      </Stack>
      <FormControl error={Boolean(errors.dataClasses)} component="fieldset">
        <FormLabel component="legend">{bm.fields.dataClasses}</FormLabel>
        <FormGroup row>
          {BREACH_DATA_CLASSES.map((c) => (
            <FormControlLabel
              key={c}
              label={bm.dataClass[c]}
              control={
                <Checkbox
                  checked={s.dataClasses.includes(c)}
                  onChange={(e) =>
                    set({
                      dataClasses: e.target.checked
                        ? [...s.dataClasses, c]
                        : s.dataClasses.filter((x) => x !== c),
                    })
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {errors.dataClasses && <FormHelperText>{errors.dataClasses}</FormHelperText>}
      </FormControl>
      <FormControl error={Boolean(errors.affected)} component="fieldset">
        <FormLabel component="legend">{bm.fields.affected}</FormLabel>
        <RadioGroup value={s.kind} onChange={(e) => set({ kind: e.target.value as State['kind'] })}>
          <FormControlLabel value="transactions" control={<Radio />} label={bm.fields.selected} />
          <FormControlLabel value="all" control={<Radio />} label={bm.fields.all} />
        </RadioGroup>
        {errors.affected && <FormHelperText>{errors.affected}</FormHelperText>}
      </FormControl>
      {s.kind === 'transactions' && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={bm.fields.orgId}
              value={s.orgId}
              onChange={(e) => set({ orgId: e.target.value })}
              fullWidth
            />
            <TextField
              label={bm.fields.formId}
              value={s.formId}
              onChange={(e) => set({ formId: e.target.value })}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {dateField('createdFrom', bm.fields.createdFrom)}
            {dateField('createdTo', bm.fields.createdTo)}
          </Stack>
        </>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {bm.fields.noticeEn}
      </Typography>
      {textFields('en')}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {bm.fields.noticeHi}
      </Typography>
      {textFields('hi')}
      {dateField('boardNotifiedAt', bm.fields.boardNotifiedAt)}
    </FormDialog>
  );
}
