import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CREDIT_ORDER_MAX,
  CREDIT_ORDER_MIN,
  formatMoney,
  orgBillingProfileSchema,
  type OrgBilling,
  type OrgBillingProfile,
  type OrgInvoice,
} from '@veridocs/shared';
import { useSession } from '../../app/use-session';
import { m } from '../../messages';
import { billingApi, downloadInvoice } from './billing-api';
import { bm } from './billing-messages';

const inr = (paise: number) => formatMoney(paise, 'INR');
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const errorMessage = (error: unknown) =>
  typeof error === 'object' && error && 'message' in error ? String(error.message) : m.app.unexpectedError;

function Section({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {intro && <Typography color="text.secondary">{intro}</Typography>}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 600, overflowWrap: 'anywhere' }}>{value}</Typography>
    </Paper>
  );
}

/** Back from the gateway's checkout (`?creditOrder=`): what became of the order. */
function OrderOutcome({ orderId }: { orderId: string }) {
  const order = billingApi.useCreditOrderQuery(orderId, { pollingInterval: 0 });
  if (!order.data) return null;
  const { status, total } = order.data;
  const severity = status === 'paid' ? 'success' : status === 'created' ? 'info' : 'warning';
  const text = status === 'paid' ? bm.order.paid(inr(total)) : bm.order[status];
  return (
    <Alert severity={severity} role="status">
      {text}
    </Alert>
  );
}

/** The owner's latest orders: a pending one links back to its checkout (the POST's answer is gone after a reload). */
function RecentOrders() {
  const orders = billingApi.useCreditOrdersQuery();
  const list = orders.data?.list ?? [];
  // A failed list is not worth an error here: buying still works.
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="recent-orders-title" sx={{ mt: 2 }}>
      <Typography id="recent-orders-title" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {bm.orders.title}
      </Typography>
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {list.map((order) => (
          <Stack
            component="li"
            key={order.id}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ py: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{bm.orders.status[order.status]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {bm.orders.summary(inr(order.total), day(order.createdAt))}
              </Typography>
            </Box>
            {order.status === 'created' && order.checkoutUrl && (
              <Button
                variant="outlined"
                size="small"
                href={order.checkoutUrl}
                aria-label={bm.orders.continueLabel(inr(order.total))}
              >
                {bm.orders.continue}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

function BuyCredits({ hasProfile }: { hasProfile: boolean }) {
  const [rupees, setRupees] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, state] = billingApi.useCreateCreditOrderMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const amount = Math.round(Number(rupees) * 100);
    if (!Number.isFinite(amount) || amount < CREDIT_ORDER_MIN || amount > CREDIT_ORDER_MAX) {
      setError(bm.buy.invalid);
      return;
    }
    const result = await create({ amount });
    if ('error' in result) setError(errorMessage(result.error));
    else if (result.data.checkoutUrl) window.location.assign(result.data.checkoutUrl);
  };
  return (
    <Section title={bm.buy.title}>
      {!hasProfile && <Alert severity="info">{bm.buy.needsProfile}</Alert>}
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={bm.buy.amount}
            value={rupees}
            onChange={(event) => setRupees(event.target.value)}
            type="number"
            slotProps={{ htmlInput: { min: CREDIT_ORDER_MIN / 100, max: CREDIT_ORDER_MAX / 100, step: 100 } }}
            error={Boolean(error)}
            helperText={error ?? bm.buy.amountHelp}
            disabled={!hasProfile}
            sx={{ flex: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!hasProfile || state.isLoading}
            sx={{ mt: { sm: 1 } }}
          >
            {bm.buy.submit}
          </Button>
        </Stack>
      </Box>
      <RecentOrders />
    </Section>
  );
}

function ProfileForm({ profile }: { profile: OrgBillingProfile | null }) {
  const [save] = billingApi.useSaveBillingProfileMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<OrgBillingProfile>({
    resolver: zodResolver(orgBillingProfileSchema) as never,
    defaultValues: profile ?? { legalName: '', gstin: null, address: '', stateCode: '', billingEmail: '' },
  });
  const { register, handleSubmit, formState } = form;
  const errors = formState.errors;
  const submit = handleSubmit(async (values) => {
    setNote(null);
    const result = await save(values);
    setNote(
      'error' in result
        ? { ok: false, text: errorMessage(result.error) }
        : { ok: true, text: bm.profile.saved },
    );
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <TextField
          label={bm.profile.legalName}
          required
          {...register('legalName')}
          error={Boolean(errors.legalName)}
          helperText={errors.legalName?.message}
        />
        <TextField
          label={bm.profile.gstin}
          {...register('gstin', { setValueAs: (v: string | null) => (v ? v.trim().toUpperCase() : null) })}
          error={Boolean(errors.gstin)}
          helperText={errors.gstin?.message}
        />
        <TextField
          label={bm.profile.address}
          required
          multiline
          minRows={2}
          {...register('address')}
          error={Boolean(errors.address)}
          helperText={errors.address?.message}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={bm.profile.stateCode}
            required
            {...register('stateCode')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            error={Boolean(errors.stateCode)}
            helperText={errors.stateCode?.message ?? bm.profile.stateCodeHelp}
          />
          <TextField
            label={bm.profile.billingEmail}
            required
            type="email"
            {...register('billingEmail')}
            error={Boolean(errors.billingEmail)}
            helperText={errors.billingEmail?.message}
            sx={{ flex: 1 }}
          />
        </Stack>
        {note && (
          <Alert severity={note.ok ? 'success' : 'error'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {bm.profile.save}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function ProfileView({ profile }: { profile: OrgBillingProfile | null }) {
  if (!profile) return <Typography color="text.secondary">{bm.profile.none}</Typography>;
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ fontWeight: 600 }}>{profile.legalName}</Typography>
      <Typography>{profile.gstin ?? '—'}</Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{profile.address}</Typography>
      <Typography>
        {bm.profile.stateCode}: {profile.stateCode}
      </Typography>
      <Typography>{profile.billingEmail}</Typography>
    </Stack>
  );
}

function Ledger({ ledger }: { ledger: OrgBilling['ledger'] }) {
  if (ledger.length === 0) return <Typography color="text.secondary">{bm.ledger.empty}</Typography>;
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {ledger.map((entry) => (
        <Stack
          component="li"
          key={entry.id}
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ py: 1, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography>{bm.ledger.kinds[entry.kind]}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {day(entry.at)}
              {entry.note ? ` · ${entry.note}` : ''}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'right', ml: 'auto' }}>
            <Typography sx={{ fontWeight: 600, color: entry.amount < 0 ? 'text.primary' : 'success.main' }}>
              {entry.amount > 0 ? '+' : ''}
              {inr(entry.amount)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {bm.ledger.balanceAfter(inr(entry.balanceAfter))}
            </Typography>
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

function Invoices() {
  const invoices = billingApi.useInvoicesQuery();
  const [error, setError] = useState<string | null>(null);
  if (invoices.isLoading) return <CircularProgress size={24} aria-label={m.app.loading} />;
  if (invoices.isError) return <Alert severity="error">{errorMessage(invoices.error)}</Alert>;
  const list: OrgInvoice[] = invoices.data?.list ?? [];
  if (list.length === 0) return <Typography color="text.secondary">{bm.invoices.empty}</Typography>;
  return (
    <Stack spacing={1}>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {list.map((invoice) => (
          <Stack
            component="li"
            key={invoice.id}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ py: 1, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{invoice.number}</Typography>
              <Typography variant="body2" color="text.secondary">
                {invoice.period} · {bm.invoices.total(inr(invoice.total))}
              </Typography>
            </Box>
            <Button
              variant="outlined"
              size="small"
              aria-label={bm.invoices.downloadLabel(invoice.number)}
              onClick={() => {
                setError(null);
                downloadInvoice(invoice).catch(() => setError(bm.invoices.downloadFailed));
              }}
            >
              {bm.invoices.download}
            </Button>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** The organisation's billing (owner writes, manager reads; ADR 0047). */
export default function BillingPage() {
  const session = useSession();
  const billing = billingApi.useBillingQuery();
  const [params] = useSearchParams();
  const orderId = params.get('creditOrder');
  const isOwner = session?.user.role === 'owner';

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, minWidth: 0 }}>
      <div>
        <Typography variant="h1">{bm.title}</Typography>
        <Typography color="text.secondary">{bm.intro}</Typography>
      </div>
      {orderId && <OrderOutcome orderId={orderId} />}
      {billing.isLoading && <CircularProgress aria-label={m.app.loading} />}
      {billing.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void billing.refetch()}>
              {m.app.retry}
            </Button>
          }
        >
          {bm.loadFailed} {errorMessage(billing.error)}
        </Alert>
      )}
      {billing.data && (
        <>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            <Figure label={bm.mode} value={bm.modes[billing.data.mode]} />
            <Figure label={bm.balance} value={inr(billing.data.balance)} />
            <Figure label={bm.monthUsage} value={inr(billing.data.monthUsage)} />
          </Stack>
          {isOwner && billing.data.mode === 'prepaid' && (
            <BuyCredits hasProfile={billing.data.profile !== null} />
          )}
          <Section title={bm.profile.title} intro={bm.profile.intro}>
            {isOwner ? (
              <ProfileForm profile={billing.data.profile} />
            ) : (
              <ProfileView profile={billing.data.profile} />
            )}
          </Section>
          <Section title={bm.ledger.title}>
            <Ledger ledger={billing.data.ledger} />
          </Section>
        </>
      )}
      <Section title={bm.invoices.title} intro={bm.invoices.intro}>
        <Invoices />
      </Section>
    </Stack>
  );
}
