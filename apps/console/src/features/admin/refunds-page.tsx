import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { OPS_API_PATHS, type AdminOrder, type OrderStatus } from '@veridocs/shared';
import { formatDateTime } from '../../messages';
import { adminApi, adminSend, money } from './admin-api';
import { am } from './admin-messages';
import { errorText, LoadState, PageHeader, TableScroll } from './admin-ui';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders that took money (ADR 0023): a superseded one was paid, then refunded in full. */
const PAID: readonly string[] = ['success', 'superseded'] satisfies OrderStatus[];

/** One order: what was paid, refunded and is left, its refunds, and a refund form. */
function OrderCard({ order, onRefunded }: { order: AdminOrder; onRefunded: () => void }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // One key per refund the admin means: a retried click is the same refund (ADR 0023).
  const [key, setKey] = useState(() => crypto.randomUUID());
  const minor = Math.round(Number(amount) * 100);
  const valid = Number.isFinite(minor) && minor > 0 && minor <= order.refundable && reason.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setError(null);
    try {
      await adminSend(OPS_API_PATHS.refunds(order.orderId), {
        method: 'POST',
        body: JSON.stringify({ amount: minor, reason: reason.trim() }),
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
      });
      setDone(true);
      setAmount('');
      setReason('');
      setKey(crypto.randomUUID());
      onRefunded();
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby={`order-${order.orderId}`} sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', alignItems: 'baseline', mb: 2 }}>
        <Typography
          variant="h2"
          id={`order-${order.orderId}`}
          sx={{ fontSize: '1.1rem', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {order.orderId}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={order.status}
          color={order.status === 'success' ? 'success' : 'default'}
        />
        <Typography color="text.secondary">
          {order.provider} · {formatDateTime(order.createdAt)}
          {order.express ? ' · fast-track' : ''}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
        {(PAID.includes(order.status)
          ? [
              [am.refunds.amount, order.amount],
              [am.refunds.refunded, order.refunded],
              [am.refunds.refundable, order.refundable],
            ]
          : // Failed, cancelled or still open: nothing was paid, so nothing is refunded or left.
            [[am.refunds.orderAmount, order.amount]]
        ).map(([label, value]) => (
          <div key={label as string}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{money(value as number, order.currency)}</Typography>
          </div>
        ))}
      </Stack>
      {order.refunds.length > 0 && (
        <TableScroll label={am.refunds.history}>
          <Table size="small" aria-label={am.refunds.history} sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{am.refunds.history}</TableCell>
                <TableCell>{am.refunds.reason}</TableCell>
                <TableCell>{am.integration.status}</TableCell>
                <TableCell align="right">{am.refunds.refundColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.refunds.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{formatDateTime(r.createdAt)}</TableCell>
                  <TableCell>{r.reason}</TableCell>
                  <TableCell>{r.status}</TableCell>
                  <TableCell align="right">{money(r.amount, order.currency)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {am.refunds.done}
        </Alert>
      )}
      {order.refundable > 0 && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          onSubmit={(e) => void submit(e)}
          sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {/* Wide enough for its whole label ("Amount (INR)" was cut next to the reason). */}
          <TextField
            size="small"
            type="number"
            sx={{ minWidth: { sm: '11rem' }, flexShrink: 0 }}
            label={am.refunds.refundAmount(order.currency)}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { min: 0.01, step: 0.01, max: order.refundable / 100 } }}
            error={amount !== '' && (minor <= 0 || minor > order.refundable)}
          />
          <TextField
            size="small"
            label={am.refunds.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={!valid}>
            {am.refunds.refund}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

/** /admin/refunds: find an order by its id or a case's transaction id, then refund. */
export default function RefundsPage() {
  const [by, setBy] = useState<'orderId' | 'txnId'>('txnId');
  const [value, setValue] = useState('');
  const [query, setQuery] = useState<{ orderId?: string; txnId?: string } | null>(null);
  const orders = adminApi.useOrdersQuery(query ?? {}, { skip: !query });
  const bad = value.trim() !== '' && !UUID.test(value.trim());
  return (
    <>
      <PageHeader title={am.refunds.title} intro={am.refunds.intro} />
      <Paper
        variant="outlined"
        component="form"
        sx={{ p: 2.5, mb: 3 }}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!bad && value.trim()) setQuery({ [by]: value.trim() });
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={am.refunds.lookupBy}
            value={by}
            onChange={(e) => setBy(e.target.value as 'orderId' | 'txnId')}
            sx={{ minWidth: 170 }}
          >
            <MenuItem value="txnId">{am.refunds.txnId}</MenuItem>
            <MenuItem value="orderId">{am.refunds.orderId}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={by === 'orderId' ? am.refunds.orderId : am.refunds.txnId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={bad}
            helperText={bad ? am.refunds.invalidId : ' '}
            sx={{ flex: 1, fontFamily: 'monospace' }}
          />
          <Button type="submit" variant="contained" disabled={bad || !value.trim()}>
            {am.refunds.find}
          </Button>
        </Stack>
      </Paper>
      {query && (
        <LoadState
          loading={orders.isFetching && !orders.data}
          error={orders.error}
          empty={(orders.data?.list.length ?? 0) === 0}
          emptyText={am.refunds.none}
          onRetry={() => void orders.refetch()}
        >
          <Stack spacing={2}>
            {orders.data?.list.map((order) => (
              <OrderCard key={order.orderId} order={order} onRefunded={() => void orders.refetch()} />
            ))}
          </Stack>
        </LoadState>
      )}
    </>
  );
}
