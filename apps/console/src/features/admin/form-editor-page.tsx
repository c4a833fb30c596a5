import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Divider,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import {
  adminFormCreateSchema,
  type AdminForm,
  type AdminFormCreate,
  type AdminVerificationType,
} from '@veridocs/shared';
import { PATHS } from '../../app/paths';
import { DayField } from '../../components/day-field';
import { adminApi } from './admin-api';
import { am } from './admin-messages';
import { errorText, PageHeader } from './admin-ui';

interface PriceModel {
  inrPrice: string;
  inrMrp: string;
  usdPrice: string;
  usdMrp: string;
  additional: string;
}
interface FormModel {
  name: string;
  neverExpires: boolean;
  expiresOn: string;
  expectedWorkingDays: string;
  evaluationPartnerRequired: boolean;
  basicDetailsRequired: boolean;
  verifications: Record<
    string,
    { on: boolean; skipAllowed: boolean; marksheetRequired: boolean; subType: string }
  >;
  paymentRequired: boolean;
  payer: 'candidate' | 'organisation';
  expressAllowed: boolean;
  prices: Record<string, PriceModel>;
  expressInr: string;
  expressUsd: string;
  gst: string;
  cartPercent: string;
  cartMinInr: string;
  cartMinUsd: string;
  disclaimer: string;
  questions: { id?: string; question: string; options: string; required: boolean }[];
}

const major = (minor: number | undefined) => (minor === undefined ? '' : String(minor / 100));
const minor = (text: string) => Math.round(Number(text || '0') * 100);
const optionValue = (label: string) =>
  label
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100) || 'OPTION';

/** The editor's model of a stored form (amounts in rupees and dollars, dates as YYYY-MM-DD). */
function toModel(form: AdminForm | undefined, types: AdminVerificationType[]): FormModel {
  const config = form?.paymentConfig ?? null;
  const verifications: FormModel['verifications'] = {};
  const prices: FormModel['prices'] = {};
  for (const type of types) {
    const chosen = form?.verifications.find((v) => v.name === type.name);
    verifications[type.name] = {
      on: Boolean(chosen),
      skipAllowed: chosen?.skipAllowed ?? false,
      marksheetRequired: chosen?.marksheetRequired ?? false,
      subType: chosen?.subType ?? '',
    };
    const price = config?.prices.find((p) => p.verificationName === type.name);
    prices[type.name] = {
      inrPrice: major(price?.INR.price),
      inrMrp: major(price?.INR.mrp),
      usdPrice: major(price?.USD.price),
      usdMrp: major(price?.USD.mrp),
      additional: price ? String(price.additionalDiscountPercent) : '0',
    };
  }
  const expiry = form?.expiry ?? -1;
  return {
    name: form?.name ?? '',
    neverExpires: expiry === -1,
    expiresOn: expiry === -1 ? '' : new Date(expiry * 1000).toISOString().slice(0, 10),
    expectedWorkingDays: String(form?.expectedWorkingDays ?? 7),
    evaluationPartnerRequired: form?.evaluationPartnerRequired ?? false,
    basicDetailsRequired: form?.basicDetailsRequired ?? false,
    verifications,
    paymentRequired: form?.paymentRequired ?? false,
    payer: form?.payer ?? 'candidate',
    expressAllowed: form?.expressAllowed ?? false,
    prices,
    expressInr: major(config?.express?.INR),
    expressUsd: major(config?.express?.USD),
    gst: String(config?.gstPercent ?? 18),
    cartPercent: config?.cartDiscount ? String(config.cartDiscount.percentage) : '',
    cartMinInr: major(config?.cartDiscount?.minAmount.INR),
    cartMinUsd: major(config?.cartDiscount?.minAmount.USD),
    disclaimer: config?.disclaimer ?? '',
    questions: (form?.questions ?? []).map((q) => ({
      id: q.id,
      question: q.question,
      options: q.options.map((o) => o.name).join('\n'),
      required: q.required,
    })),
  };
}

/** The request body (the shared schema then judges it, as the server will). */
function toBody(model: FormModel, types: AdminVerificationType[]): AdminFormCreate {
  const chosen = types.filter((t) => model.verifications[t.name]?.on);
  // An organisation-paid form is priced too: its usage is charged to the organisation (ADR 0047).
  const priced = model.paymentRequired || model.expressAllowed || model.payer === 'organisation';
  return {
    name: model.name,
    expiry:
      model.neverExpires || !model.expiresOn
        ? -1
        : Math.floor(Date.parse(`${model.expiresOn}T23:59:59Z`) / 1000),
    expectedWorkingDays: Number(model.expectedWorkingDays),
    evaluationPartnerRequired: model.evaluationPartnerRequired,
    basicDetailsRequired: model.basicDetailsRequired,
    verifications: chosen.map((t) => {
      const v = model.verifications[t.name]!;
      return {
        name: t.name,
        skipAllowed: v.skipAllowed,
        marksheetRequired: v.marksheetRequired,
        subType: v.subType || null,
      };
    }),
    paymentRequired: model.paymentRequired,
    payer: model.payer,
    expressAllowed: model.expressAllowed,
    paymentConfig: priced
      ? {
          prices: chosen
            .filter((t) => model.prices[t.name]?.inrPrice || model.prices[t.name]?.usdPrice)
            .map((t) => {
              const p = model.prices[t.name]!;
              return {
                verificationName: t.name,
                INR: { price: minor(p.inrPrice), mrp: minor(p.inrMrp || p.inrPrice) },
                USD: { price: minor(p.usdPrice), mrp: minor(p.usdMrp || p.usdPrice) },
                additionalDiscountPercent: Number(p.additional || '0'),
              };
            }),
          express: model.expressAllowed
            ? { INR: minor(model.expressInr), USD: minor(model.expressUsd) }
            : null,
          cartDiscount: model.cartPercent
            ? {
                percentage: Number(model.cartPercent),
                minAmount: { INR: minor(model.cartMinInr), USD: minor(model.cartMinUsd) },
              }
            : null,
          gstPercent: Number(model.gst || '0'),
          disclaimer: model.disclaimer.trim() || null,
        }
      : null,
    questions: model.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      question: q.question,
      required: q.required,
      options: q.options
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((name) => ({ name, value: optionValue(name) })),
    })),
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function PriceRow({ type, register }: { type: AdminVerificationType; register: UseFormRegister<FormModel> }) {
  const field = (name: keyof PriceModel, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
      {...register(`prices.${type.name}.${name}`)}
      sx={{ width: 120 }}
    />
  );
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography sx={{ width: 200, fontWeight: 600 }}>{type.label}</Typography>
      {field('inrPrice', `${am.forms.price} ₹`)}
      {field('inrMrp', `${am.forms.mrp} ₹`)}
      {field('usdPrice', `${am.forms.price} $`)}
      {field('usdMrp', `${am.forms.mrp} $`)}
      {field('additional', am.forms.additional)}
    </Stack>
  );
}

function Editor({
  form,
  orgId,
  types,
}: {
  form: AdminForm | undefined;
  orgId: string;
  types: AdminVerificationType[];
}) {
  const navigate = useNavigate();
  const [createForm] = adminApi.useCreateFormMutation();
  const [updateForm] = adminApi.useUpdateFormMutation();
  const defaults = useMemo(() => toModel(form, types), [form, types]);
  const { register, control, handleSubmit, formState } = useForm<FormModel>({ defaultValues: defaults });
  const questions = useFieldArray({ control, name: 'questions' });
  const [issues, setIssues] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const watched = useWatch({ control }) as FormModel;

  const submit = handleSubmit(async (model) => {
    setIssues([]);
    setSaved(false);
    const body = toBody(model, types);
    const checked = adminFormCreateSchema.safeParse(body);
    if (!checked.success) {
      setIssues(checked.error.issues.map((i) => `${i.path.join('.') || am.forms.general}: ${i.message}`));
      return;
    }
    const result = form ? await updateForm({ formId: form.id, body }) : await createForm({ orgId, body });
    if ('error' in result) {
      const data = (result.error as { data?: unknown }).data;
      setIssues(
        Array.isArray(data)
          ? data.map((d: { path?: string; message?: string }) => `${d.path ?? ''}: ${d.message ?? ''}`)
          : [errorText(result.error)],
      );
      return;
    }
    setSaved(true);
    if (!form) void navigate(`${PATHS.admin}/forms/${encodeURIComponent(result.data.id)}`, { replace: true });
  });

  const chosen = types.filter((t) => watched.verifications?.[t.name]?.on);
  const check = (name: Parameters<typeof register>[0], label: string, checked?: boolean) => (
    <FormControlLabel control={<Checkbox defaultChecked={checked} {...register(name)} />} label={label} />
  );

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack spacing={3}>
        {form?.hasTransactions && <Alert severity="info">{am.forms.startedNote}</Alert>}
        <Section title={am.forms.general}>
          <Stack spacing={2.5}>
            <TextField label={am.forms.name} required {...register('name')} fullWidth />
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Controller
                control={control}
                name="expiresOn"
                render={({ field }) => (
                  <DayField
                    label={am.forms.expiresOn}
                    disabled={watched.neverExpires}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                )}
              />
              {check('neverExpires', am.forms.neverExpires, defaults.neverExpires)}
              <TextField
                type="number"
                label={am.forms.workingDays}
                slotProps={{ htmlInput: { min: 1, max: 120 } }}
                {...register('expectedWorkingDays')}
                sx={{ width: 220 }}
              />
            </Stack>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {check(
                'evaluationPartnerRequired',
                am.forms.evaluationPartner,
                defaults.evaluationPartnerRequired,
              )}
              {check('basicDetailsRequired', am.forms.basicDetails, defaults.basicDetailsRequired)}
            </Stack>
          </Stack>
        </Section>

        <Section title={am.forms.verifications}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {am.forms.verificationsHelp}
          </Typography>
          <Stack divider={<Divider flexItem />}>
            {types.map((type) => {
              const on = watched.verifications?.[type.name]?.on;
              return (
                <Stack
                  key={type.name}
                  direction="row"
                  spacing={2}
                  useFlexGap
                  sx={{ alignItems: 'center', py: 0.5, flexWrap: 'wrap' }}
                >
                  <FormControlLabel
                    sx={{ width: { xs: '100%', sm: 260 } }}
                    control={
                      <Checkbox
                        defaultChecked={defaults.verifications[type.name]?.on}
                        {...register(`verifications.${type.name}.on`)}
                      />
                    }
                    label={
                      <span>
                        {type.label}{' '}
                        <Typography component="span" variant="caption" color="text.secondary">
                          {type.category}
                        </Typography>
                      </span>
                    }
                  />
                  {on && (
                    <>
                      {check(
                        `verifications.${type.name}.skipAllowed`,
                        am.forms.skipAllowed,
                        defaults.verifications[type.name]?.skipAllowed,
                      )}
                      {check(
                        `verifications.${type.name}.marksheetRequired`,
                        am.forms.marksheet,
                        defaults.verifications[type.name]?.marksheetRequired,
                      )}
                      {type.subTypes.length > 1 && (
                        <TextField
                          select
                          size="small"
                          label="Way to verify"
                          defaultValue={defaults.verifications[type.name]?.subType ?? ''}
                          {...register(`verifications.${type.name}.subType`)}
                          sx={{ minWidth: 180 }}
                        >
                          <MenuItem value="">Candidate chooses</MenuItem>
                          {type.subTypes.map((s) => (
                            <MenuItem key={s.type} value={s.type}>
                              {s.label}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    </>
                  )}
                </Stack>
              );
            })}
          </Stack>
        </Section>

        <Section title={am.forms.payment}>
          <Stack spacing={2.5}>
            <TextField
              select
              size="small"
              label={am.forms.paidBy}
              defaultValue={defaults.payer}
              {...register('payer')}
              helperText={watched.payer === 'organisation' ? am.forms.paidByOrganisationHelp : undefined}
              sx={{ maxWidth: 360 }}
            >
              <MenuItem value="candidate">{am.forms.paidByCandidate}</MenuItem>
              <MenuItem value="organisation">{am.forms.paidByOrganisation}</MenuItem>
            </TextField>
            <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <FormControlLabel
                control={
                  <Switch defaultChecked={defaults.paymentRequired} {...register('paymentRequired')} />
                }
                label={am.forms.paymentRequired}
              />
              <FormControlLabel
                control={<Switch defaultChecked={defaults.expressAllowed} {...register('expressAllowed')} />}
                label={am.forms.express}
              />
            </Stack>
            {(watched.paymentRequired || watched.expressAllowed || watched.payer === 'organisation') && (
              <>
                {chosen.map((type) => (
                  <PriceRow key={type.name} type={type} register={register} />
                ))}
                <Divider />
                <Stack
                  direction="row"
                  spacing={1.5}
                  useFlexGap
                  sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                >
                  {watched.expressAllowed && (
                    <>
                      <TextField
                        size="small"
                        type="number"
                        label={`${am.forms.expressFee} ₹`}
                        {...register('expressInr')}
                        sx={{ width: 160 }}
                      />
                      <TextField
                        size="small"
                        type="number"
                        label={`${am.forms.expressFee} $`}
                        {...register('expressUsd')}
                        sx={{ width: 160 }}
                      />
                    </>
                  )}
                  <TextField
                    size="small"
                    type="number"
                    label={am.forms.gst}
                    {...register('gst')}
                    sx={{ width: 110 }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={am.forms.cartDiscount}
                    {...register('cartPercent')}
                    sx={{ width: 170 }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={`${am.forms.cartMin} ₹`}
                    {...register('cartMinInr')}
                    sx={{ width: 150 }}
                  />
                  <TextField
                    size="small"
                    type="number"
                    label={`${am.forms.cartMin} $`}
                    {...register('cartMinUsd')}
                    sx={{ width: 150 }}
                  />
                </Stack>
                <TextField
                  label={am.forms.disclaimer}
                  {...register('disclaimer')}
                  fullWidth
                  multiline
                  minRows={2}
                />
              </>
            )}
          </Stack>
        </Section>

        <Section title={am.forms.questionnaire}>
          <Stack spacing={2}>
            {questions.fields.map((field, index) => (
              <Stack
                key={field.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: 'flex-start' }}
              >
                <TextField
                  label={am.forms.question}
                  {...register(`questions.${index}.question`)}
                  sx={{ flex: 2 }}
                />
                <TextField
                  label={am.forms.options}
                  multiline
                  minRows={2}
                  {...register(`questions.${index}.options`)}
                  sx={{ flex: 2 }}
                />
                <FormControlLabel
                  control={
                    <Checkbox defaultChecked={field.required} {...register(`questions.${index}.required`)} />
                  }
                  label={am.forms.required}
                />
                <IconButton
                  aria-label={`${am.forms.remove} ${index + 1}`}
                  onClick={() => questions.remove(index)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => questions.append({ question: '', options: '', required: true })}
              >
                {am.forms.addQuestion}
              </Button>
            </Box>
          </Stack>
        </Section>

        {issues.length > 0 && (
          <Alert severity="error">
            <Typography sx={{ fontWeight: 600 }}>{am.forms.fixErrors}</Typography>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          </Alert>
        )}
        {saved && <Alert severity="success">{form ? am.forms.saved : am.forms.created}</Alert>}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={`${PATHS.admin}/forms?org=${encodeURIComponent(orgId)}`}>
            {am.forms.back}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {form ? am.common.save : am.common.create}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** /admin/forms/new?org= and /admin/forms/:formId: the whole form in one editor. */
export default function FormEditorPage() {
  const { formId = 'new' } = useParams();
  const [params] = useSearchParams();
  const isNew = formId === 'new';
  const form = adminApi.useFormQuery(formId, { skip: isNew });
  const types = adminApi.useVerificationTypesQuery();
  const orgId = isNew ? (params.get('org') ?? '') : (form.data?.orgId ?? '');
  const loading = types.isLoading || (!isNew && form.isLoading);
  const error = types.error ?? (!isNew ? form.error : undefined);
  return (
    <>
      <PageHeader
        title={isNew ? am.forms.newTitle : (form.data?.name ?? am.forms.editTitle)}
        intro={isNew ? am.forms.intro : `${am.forms.editTitle} · ${formId}`}
      />
      {loading ? (
        <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading" />
        </Box>
      ) : error ? (
        <Alert severity="error">{errorText(error)}</Alert>
      ) : (
        <Editor
          key={form.data?.id ?? 'new'}
          form={isNew ? undefined : form.data}
          orgId={orgId}
          types={types.data?.list ?? []}
        />
      )}
    </>
  );
}
