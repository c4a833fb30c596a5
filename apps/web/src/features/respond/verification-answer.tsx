import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  FACT_VERDICTS,
  responderAnswerRequestSchema,
  type FactVerdict,
  type InstitutionAnswer,
  type RequestVerification,
  type ResponderAnswerRequest,
  type ResponderRequest,
} from '@veridocs/shared';
import { checkFiles } from '../../components/file-upload';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { queryErrorMessage } from '../../lib/api/base-query';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { formatDateTime } from '../../lib/dates';
import { visuallyHidden } from '../../lib/visually-hidden';
import {
  openResponderFile,
  sessionEnded,
  uploadResponderLetter,
  useSendResponderAnswerMutation,
} from './respond-api';
import { respondCatalog } from './respond-catalog';

/** Who answers: kept for the next answers of the session. */
export interface Responder {
  responderName: string;
  designation: string;
}

interface FormValues {
  verificationName: string;
  facts: { key: string; verdict: FactVerdict | ''; onRecord: string }[];
  responderName: string;
  designation: string;
  letterFileId?: string | undefined;
  declaration: boolean;
}

const latestOf = (answers: InstitutionAnswer[]) =>
  [...answers].sort((a, b) => b.answeredAt.localeCompare(a.answeredAt))[0] ?? null;

interface Props {
  sessionToken: string;
  request: ResponderRequest;
  verification: RequestVerification;
  responder: Responder | null;
  onResponder: (responder: Responder) => void;
  onEnded: () => void;
  closed: boolean;
}

/**
 * One verification of a request: its claimed facts and documents, then the responder's answer, or the
 * latest answer read-only with "Correct this answer" (a new answer, prefilled; both are kept).
 */
export function VerificationAnswer(props: Props) {
  const { request, verification } = props;
  const t = useT(respondCatalog);
  const headingId = useId();
  const latest = latestOf(
    request.answers.filter((a) => a.verificationName === verification.verificationName),
  );
  const [correcting, setCorrecting] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const editing = !props.closed && (latest === null || correcting);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2, borderTop: 1, borderColor: 'divider', pt: 2.5, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
        {verification.label}
      </Typography>
      <Documents sessionToken={props.sessionToken} requestId={request.id} verification={verification} />
      {justSent && !editing && (
        <Alert severity="success" role="status">
          {t('answerSent')}
        </Alert>
      )}
      {editing ? (
        <AnswerForm
          {...props}
          prefill={correcting ? latest : null}
          onCancel={correcting ? () => setCorrecting(false) : null}
          onSent={() => {
            setCorrecting(false);
            setJustSent(true);
          }}
        />
      ) : latest ? (
        <AnswerView
          answer={latest}
          sessionToken={props.sessionToken}
          requestId={request.id}
          onCorrect={
            props.closed
              ? null
              : () => {
                  setJustSent(false);
                  setCorrecting(true);
                }
          }
        />
      ) : null}
    </Box>
  );
}

function Documents({
  sessionToken,
  requestId,
  verification,
}: {
  sessionToken: string;
  requestId: string;
  verification: RequestVerification;
}) {
  const t = useT(respondCatalog);
  const [failure, setFailure] = useState<string | null>(null);
  const open = (fileId: string) => {
    setFailure(null);
    openResponderFile(sessionToken, requestId, fileId).catch((error: unknown) =>
      setFailure(t('documentFailed', { message: errorMessage(error) })),
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('documents')}
      </Typography>
      {verification.documents.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('noDocuments')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {verification.documents.map((d) => (
            <li key={d.fileId}>
              <Button
                variant="outlined"
                size="small"
                startIcon={<DescriptionOutlinedIcon />}
                onClick={() => open(d.fileId)}
                aria-label={t('openDocument', { name: d.name })}
                sx={{ textTransform: 'none', maxWidth: '100%', wordBreak: 'break-all' }}
              >
                {d.name}
              </Button>
            </li>
          ))}
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Box>
  );
}

const VERDICT_COLOR = { confirmed: 'success', differs: 'warning', no_record: 'default' } as const;

const FACT_KEYS = [
  'name',
  'candidateId',
  'programme',
  'years',
  'result',
  'employeeId',
  'designation',
  'period',
] as const;
const isFactKey = (key: string): key is (typeof FACT_KEYS)[number] =>
  (FACT_KEYS as readonly string[]).includes(key);

/** A claimed fact's label in the page's language; the server's English label only for a key it adds later. */
function useFactLabel() {
  const t = useT(respondCatalog);
  return (fact: { key: string; label: string }) => (isFactKey(fact.key) ? t(`fact_${fact.key}`) : fact.label);
}

function AnswerView({
  answer,
  sessionToken,
  requestId,
  onCorrect,
}: {
  answer: InstitutionAnswer;
  sessionToken: string;
  requestId: string;
  onCorrect: (() => void) | null;
}) {
  const t = useT(respondCatalog);
  const factLabel = useFactLabel();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {t('submittedOn', {
          date: formatDateTime(answer.answeredAt),
          name: answer.responderName,
          designation: answer.designation,
        })}
      </Typography>
      {answer.correctsAnswerId && (
        <Typography variant="body2" color="text.secondary">
          {t('correction')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {answer.facts.map((f) => (
          <Box
            component="li"
            key={f.key}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{factLabel(f)}</Typography>
              <Chip size="small" color={VERDICT_COLOR[f.verdict]} label={t(`verdict_${f.verdict}`)} />
            </Box>
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
              {t('claimed')}: {f.claimed}
            </Typography>
            {f.verdict === 'differs' && f.onRecord && (
              <Typography variant="body2" sx={{ wordBreak: 'break-word', fontWeight: 600 }}>
                {t('onRecordShown', { value: f.onRecord })}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {answer.letterFileId && (
        <Box>
          <Link
            component="button"
            type="button"
            onClick={() => void openResponderFile(sessionToken, requestId, answer.letterFileId ?? '')}
          >
            {t('openLetter')}
          </Link>
        </Box>
      )}
      {onCorrect && (
        <Box>
          <Button variant="outlined" onClick={onCorrect}>
            {t('correct')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

const schemaResolver = zodResolver(responderAnswerRequestSchema) as unknown as Resolver<FormValues>;

/**
 * The shared schema's checks, and a missing value on record marked at once: the schema's own rule for it
 * runs only once everything else is valid, so it would appear one Submit later than the other errors.
 */
const answerResolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const missing = values.facts.flatMap((f, i) => (f.verdict === 'differs' && !f.onRecord.trim() ? [i] : []));
  if (missing.length === 0 || Object.keys(result.errors).length === 0) return result;
  const errors = result.errors as Record<string, unknown>;
  const facts = [...((errors.facts as unknown[] | undefined) ?? [])] as Record<string, unknown>[];
  for (const i of missing) facts[i] = { ...facts[i], onRecord: { type: 'custom', message: 'onRecord' } };
  return { values: {}, errors: { ...errors, facts } as never };
};

/** The answer's form: the shared schema checks it; errors show in the page's words, not zod's. */
function AnswerForm({
  sessionToken,
  request,
  verification,
  responder,
  onResponder,
  onEnded,
  prefill,
  onCancel,
  onSent,
}: Props & { prefill: InstitutionAnswer | null; onCancel: (() => void) | null; onSent: () => void }) {
  const t = useT(respondCatalog);
  const factLabel = useFactLabel();
  const ruleText = useRuleText();
  const id = useId();
  const [send] = useSendResponderAnswerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { control, handleSubmit, setValue, formState } = useForm<FormValues>({
    resolver: answerResolver,
    defaultValues: {
      verificationName: verification.verificationName,
      facts: verification.facts.map((f) => {
        const before = prefill?.facts.find((p) => p.key === f.key);
        return { key: f.key, verdict: before?.verdict ?? '', onRecord: before?.onRecord ?? '' };
      }),
      responderName: prefill?.responderName ?? responder?.responderName ?? '',
      designation: prefill?.designation ?? responder?.designation ?? '',
      letterFileId: undefined,
      declaration: false,
    },
  });
  const facts = useWatch({ control, name: 'facts' });
  const errors = formState.errors;

  const submit = async (values: FormValues) => {
    setFailure(null);
    setInvalid(false);
    const answer: ResponderAnswerRequest = {
      verificationName: verification.verificationName,
      // The value on record goes only with "differs".
      facts: values.facts.map((f) => ({
        key: f.key,
        verdict: f.verdict as FactVerdict,
        ...(f.verdict === 'differs' ? { onRecord: f.onRecord.trim() } : {}),
      })),
      responderName: values.responderName.trim(),
      designation: values.designation.trim(),
      ...(values.letterFileId ? { letterFileId: values.letterFileId } : {}),
      declaration: true,
    };
    const result = await send({ sessionToken, id: request.id, answer });
    if ('error' in result) {
      if (sessionEnded(result.error)) return onEnded();
      setFailure(ruleText(queryErrorMessage(result.error)));
      return;
    }
    onResponder({ responderName: answer.responderName, designation: answer.designation });
    onSent();
  };
  const onInvalid = (_errors: FieldErrors<FormValues>) => setInvalid(true);

  const nameError = errors.responderName ? t('errName') : null;
  const designationError = errors.designation ? t('errDesignation') : null;
  const declarationError = errors.declaration ? t('errDeclaration') : null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit(submit, onInvalid)(event)}
      sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}
    >
      {onCancel && <Alert severity="info">{t('correctingNote')}</Alert>}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('claimedFacts')}
        </Typography>
        {verification.facts.map((fact, index) => {
          const factErrors = errors.facts?.[index];
          const verdictError = factErrors?.verdict ? t('errVerdict') : null;
          const onRecordError = factErrors?.onRecord ? t('errOnRecord') : null;
          const legendId = `${id}-fact-${index}`;
          return (
            <FormControl
              key={fact.key}
              component="fieldset"
              error={Boolean(verdictError)}
              sx={{
                border: 1,
                borderColor: verdictError || onRecordError ? 'error.main' : 'divider',
                borderRadius: 1,
                p: 1.5,
                m: 0,
                minWidth: 0,
                display: 'grid',
                gap: 1,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
                alignItems: 'start',
              }}
            >
              <FormLabel
                component="legend"
                id={legendId}
                sx={{
                  float: 'left',
                  p: 0,
                  color: 'text.primary',
                  '&.Mui-focused, &.Mui-error': { color: 'text.primary' },
                }}
              >
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {factLabel(fact)}
                  <Box component="span" sx={visuallyHidden}>
                    :{' '}
                  </Box>
                </Typography>
                <Typography
                  component="span"
                  sx={{ display: 'block', fontWeight: 600, wordBreak: 'break-word' }}
                >
                  {fact.claimed}
                </Typography>
              </FormLabel>
              <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
                <Controller
                  control={control}
                  name={`facts.${index}.verdict`}
                  render={({ field }) => (
                    <RadioGroup
                      row
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                      // The legend's label and claimed value, with a pause between them in every browser.
                      aria-label={`${factLabel(fact)}: ${fact.claimed}`}
                      aria-describedby={verdictError ? `${legendId}-error` : undefined}
                      sx={{ columnGap: 1 }}
                    >
                      {FACT_VERDICTS.map((verdict, i) => (
                        <FormControlLabel
                          key={verdict}
                          value={verdict}
                          control={
                            <Radio
                              slotProps={{ input: { ref: i === 0 ? field.ref : undefined } as object }}
                            />
                          }
                          label={t(`verdict_${verdict}`)}
                        />
                      ))}
                    </RadioGroup>
                  )}
                />
                {verdictError && (
                  <FormHelperText id={`${legendId}-error`} sx={{ m: 0 }}>
                    {verdictError}
                  </FormHelperText>
                )}
                {facts[index]?.verdict === 'differs' && (
                  <Controller
                    control={control}
                    name={`facts.${index}.onRecord`}
                    render={({ field }) => (
                      <TextField
                        {...field}
                        inputRef={field.ref}
                        label={t('onRecord')}
                        required
                        size="small"
                        error={Boolean(onRecordError)}
                        helperText={onRecordError}
                        slotProps={{ htmlInput: { maxLength: 300 } }}
                      />
                    )}
                  />
                )}
              </Box>
            </FormControl>
          );
        })}
      </Box>

      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1.5, p: 0 }}>
          {t('responder')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
          <Controller
            control={control}
            name="responderName"
            render={({ field }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label={t('responderName')}
                required
                autoComplete="name"
                error={Boolean(nameError)}
                helperText={nameError}
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
            )}
          />
          <Controller
            control={control}
            name="designation"
            render={({ field }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label={t('designation')}
                required
                autoComplete="organization-title"
                error={Boolean(designationError)}
                helperText={designationError ?? t('designationHint')}
                slotProps={{ htmlInput: { maxLength: 120 } }}
              />
            )}
          />
        </Box>
      </Box>

      <Letter
        sessionToken={sessionToken}
        requestId={request.id}
        onChange={(fileId) => setValue('letterFileId', fileId)}
      />

      <Controller
        control={control}
        name="declaration"
        render={({ field }) => (
          <FormControl error={Boolean(declarationError)} sx={{ minWidth: 0 }}>
            <FormControlLabel
              sx={{ alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  sx={{ mt: -0.75 }}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-describedby': declarationError ? `${id}-declaration-error` : undefined,
                    } as object,
                  }}
                />
              }
              label={t('declaration')}
            />
            {declarationError && (
              <FormHelperText id={`${id}-declaration-error`} sx={{ mx: 0 }}>
                {declarationError}
              </FormHelperText>
            )}
          </FormControl>
        )}
      />

      {invalid && Object.keys(errors).length > 0 && (
        <Alert severity="error" role="alert">
          {t('errFix')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('submit')}
        </Button>
        {onCancel && (
          <Button size="large" onClick={onCancel}>
            {t('cancelCorrection')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** The optional letter: the app's file checks (PDF, the size bounds), then the server's checked upload. */
function Letter({
  sessionToken,
  requestId,
  onChange,
}: {
  sessionToken: string;
  requestId: string;
  onChange: (fileId: string | undefined) => void;
}) {
  const t = useT(respondCatalog);
  const ruleText = useRuleText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);
  const [messages, setMessages] = useState<string[]>([]);

  const pick = async (files: File[]) => {
    const { accepted, messages: refused } = checkFiles(files, {
      allowed: ['pdf'],
      maxFiles: 1,
      existing: 0,
      source: 'pick',
    });
    setMessages(refused.map(ruleText));
    const file = accepted[0];
    if (!file) return;
    setUploading(file.name);
    try {
      // An unusable letter is refused by the server with the checks' message (the catch below).
      const letter = await uploadResponderLetter(sessionToken, requestId, file);
      setAttached(letter.name);
      onChange(letter.fileId);
    } catch (error) {
      setMessages([ruleText(errorMessage(error))]);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography id={`${id}-label`} variant="body2" sx={{ fontWeight: 600 }}>
        {t('letter')}
      </Typography>
      <Typography id={`${id}-hint`} variant="body2" color="text.secondary">
        {t('letterHint')}
      </Typography>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        aria-labelledby={`${id}-label`}
        onChange={(event) => void pick(Array.from(event.target.files ?? []))}
      />
      {attached ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <AttachFileIcon fontSize="small" aria-hidden />
          <Typography variant="body2" role="status" sx={{ wordBreak: 'break-all' }}>
            {t('letterAttached', { name: attached })}
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setAttached(null);
              onChange(undefined);
            }}
          >
            {t('removeLetter')}
          </Button>
        </Box>
      ) : (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AttachFileIcon />}
            loading={uploading !== null}
            loadingPosition="start"
            aria-describedby={`${id}-hint`}
            onClick={() => input.current?.click()}
          >
            {uploading ? t('letterUploading', { name: uploading }) : t('attachLetter')}
          </Button>
        </Box>
      )}
      {messages.length > 0 && (
        <Alert severity="error" role="alert">
          {messages.join(' ')}
        </Alert>
      )}
    </Box>
  );
}
