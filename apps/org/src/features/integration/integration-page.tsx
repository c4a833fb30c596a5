import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { isOrgQueryError } from '../../app/api';
import { integrationApi } from './integration-api';
import { im } from './integration-messages';
import { ShownOnceDialog } from './shown-once-dialog';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : null);
const errorText = (error: unknown) => (isOrgQueryError(error) ? error.message : im.error);

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={props.title} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

const rowSx = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  alignItems: 'center',
  justifyContent: 'space-between',
  px: 0,
  borderBottom: 1,
  borderColor: 'divider',
} as const;

function Keys() {
  const keys = integrationApi.useApiKeysQuery();
  const [create, creating] = integrationApi.useCreateApiKeyMutation();
  const [revoke] = integrationApi.useRevokeApiKeyMutation();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create(name.trim())
      .unwrap()
      .then((created) => {
        setName('');
        setShown(created.key);
      })
      .catch(() => undefined); // shown from the mutation's state
  };
  return (
    <Section title={im.keys.title}>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit}>
        <TextField
          label={im.keys.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          size="small"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" disabled={!name.trim() || creating.isLoading}>
          {im.keys.create}
        </Button>
      </Stack>
      {creating.error && <Alert severity="error">{errorText(creating.error)}</Alert>}
      {keys.isLoading ? (
        <CircularProgress aria-label={im.loading} size={24} sx={{ mt: 2 }} />
      ) : keys.error ? (
        <Alert severity="error">{errorText(keys.error)}</Alert>
      ) : keys.data?.length ? (
        <List aria-label={im.keys.title}>
          {keys.data.map((k) => (
            <ListItem key={k.id} sx={rowSx}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{k.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {im.keys.prefix(k.prefix)} · {im.keys.lastUsed(when(k.lastUsedAt))}
                </Typography>
              </Stack>
              {k.revokedAt ? (
                <Chip label={im.keys.revoked} size="small" />
              ) : (
                <Button
                  color="error"
                  onClick={() => void revoke(k.id)}
                  aria-label={`${im.keys.revoke} ${k.name}`}
                >
                  {im.keys.revoke}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography sx={{ mt: 2 }}>{im.keys.empty}</Typography>
      )}
      <ShownOnceDialog title={im.keys.shownOnceTitle} value={shown} onClose={() => setShown(null)} />
    </Section>
  );
}

function Webhooks() {
  const hooks = integrationApi.useWebhooksQuery();
  const [create, creating] = integrationApi.useCreateWebhookMutation();
  const [disable] = integrationApi.useDisableWebhookMutation();
  const [rotate, rotating] = integrationApi.useRotateWebhookSecretMutation();
  const [url, setUrl] = useState('');
  const [shown, setShown] = useState<{ value: string; rotated: boolean } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create(url.trim())
      .unwrap()
      .then((created) => {
        setUrl('');
        setShown({ value: created.secret, rotated: false });
      })
      .catch(() => undefined); // shown from the mutation's state
  };
  return (
    <Section title={im.webhooks.title}>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={submit}>
        <TextField
          label={im.webhooks.url}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          size="small"
          type="url"
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={!url.trim() || creating.isLoading}>
          {im.webhooks.add}
        </Button>
      </Stack>
      {creating.error && <Alert severity="error">{errorText(creating.error)}</Alert>}
      {rotating.error && <Alert severity="error">{errorText(rotating.error)}</Alert>}
      {hooks.isLoading ? (
        <CircularProgress aria-label={im.loading} size={24} sx={{ mt: 2 }} />
      ) : hooks.error ? (
        <Alert severity="error">{errorText(hooks.error)}</Alert>
      ) : hooks.data?.length ? (
        <List aria-label={im.webhooks.title}>
          {hooks.data.map((h) => (
            <ListItem key={h.id} sx={rowSx}>
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>{h.url}</Typography>
              {h.active ? (
                <Stack direction="row" spacing={1}>
                  <Button
                    onClick={() => {
                      rotate(h.id)
                        .unwrap()
                        .then((r) => setShown({ value: r.secret, rotated: true }))
                        .catch(() => undefined);
                    }}
                  >
                    {im.webhooks.rotate}
                  </Button>
                  <Button color="error" onClick={() => void disable(h.id)}>
                    {im.webhooks.disable}
                  </Button>
                </Stack>
              ) : (
                <Chip label={im.webhooks.disabled} size="small" />
              )}
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography sx={{ mt: 2 }}>{im.webhooks.empty}</Typography>
      )}
      <ShownOnceDialog
        title={shown?.rotated ? im.webhooks.rotatedTitle : im.webhooks.shownOnceTitle}
        note={shown?.rotated ? im.webhooks.rotatedNote : undefined}
        value={shown?.value ?? null}
        onClose={() => setShown(null)}
      />
    </Section>
  );
}

function Deliveries() {
  const deliveries = integrationApi.useDeliveriesQuery();
  const [replay, replaying] = integrationApi.useReplayDeliveryMutation();
  const [replayed, setReplayed] = useState<string | null>(null);
  return (
    <Section title={im.deliveries.title}>
      {replaying.error && <Alert severity="error">{errorText(replaying.error)}</Alert>}
      {deliveries.isLoading ? (
        <CircularProgress aria-label={im.loading} size={24} />
      ) : deliveries.error ? (
        <Alert severity="error">{errorText(deliveries.error)}</Alert>
      ) : deliveries.data?.length ? (
        <List aria-label={im.deliveries.title}>
          {deliveries.data.map((d) => (
            <ListItem key={d.id} sx={rowSx}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{d.eventType}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {when(d.createdAt)} · {im.deliveries.attempts(d.attempts)}
                  {d.lastError ? ` · ${d.lastError}` : ''}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip
                  size="small"
                  label={im.deliveries.status[d.status] ?? d.status}
                  color={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'default'}
                />
                {replayed === d.id ? (
                  <Typography variant="body2" role="status">
                    {im.deliveries.replayed}
                  </Typography>
                ) : (
                  <Button
                    onClick={() => {
                      replay(d.id)
                        .unwrap()
                        .then(() => setReplayed(d.id))
                        .catch(() => undefined);
                    }}
                  >
                    {im.deliveries.replay}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography>{im.deliveries.empty}</Typography>
      )}
    </Section>
  );
}

/** The owner's integration page: API keys, webhook endpoints, the delivery log with replay. */
export default function IntegrationPage() {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Typography variant="h1">{im.title}</Typography>
      <Typography>{im.intro}</Typography>
      <Keys />
      <Webhooks />
      <Deliveries />
    </Stack>
  );
}
