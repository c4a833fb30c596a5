import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Chip, Paper, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { formatDateTime } from '../../messages';
import { adminApi } from './admin-api';
import { am } from './admin-messages';
import { errorText, ListTable, OrgSelect, PageHeader, ShownOnceDialog } from './admin-ui';

function Section({ title, children, form }: { title: string; children: ReactNode; form?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        {form}
      </Stack>
      {children}
    </Paper>
  );
}

function OrgIntegration({ orgId }: { orgId: string }) {
  const keys = adminApi.useApiKeysQuery(orgId);
  const hooks = adminApi.useWebhooksQuery(orgId);
  const deliveries = adminApi.useDeliveriesQuery(orgId);
  const [createKey] = adminApi.useCreateApiKeyMutation();
  const [revokeKey] = adminApi.useRevokeApiKeyMutation();
  const [createHook] = adminApi.useCreateWebhookMutation();
  const [disableHook] = adminApi.useDisableWebhookMutation();
  const [replay] = adminApi.useReplayDeliveryMutation();
  const [keyName, setKeyName] = useState('');
  const [hookUrl, setHookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ title: string; label: string; value: string } | null>(null);

  const run = async <T,>(call: Promise<{ data: T } | { error: unknown }>, then?: (data: T) => void) => {
    setError(null);
    const result = await call;
    if ('error' in result) setError(errorText(result.error));
    else then?.(result.data);
  };
  const addKey = (event: FormEvent) => {
    event.preventDefault();
    if (!keyName.trim()) return;
    void run(createKey({ orgId, name: keyName.trim() }), (created) => {
      if (!created) return;
      setKeyName('');
      setSecret({ title: am.integration.keyTitle, label: created.name, value: created.key });
    });
  };
  const addHook = (event: FormEvent) => {
    event.preventDefault();
    if (!hookUrl.trim()) return;
    void run(createHook({ orgId, url: hookUrl.trim() }), (created) => {
      if (!created) return;
      setHookUrl('');
      setSecret({ title: am.integration.secretTitle, label: created.url, value: created.secret });
    });
  };

  return (
    <Stack spacing={3}>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Section
        title={am.integration.keys}
        form={
          <Stack component="form" direction="row" spacing={1} onSubmit={addKey}>
            <TextField
              size="small"
              label={am.integration.keyName}
              value={keyName}
              onChange={(e) => setKeyName(e.target.value)}
            />
            <Button type="submit" variant="contained" disabled={!keyName.trim()}>
              {am.integration.createKey}
            </Button>
          </Stack>
        }
      >
        <ListTable
          query={keys}
          items={keys.data?.list}
          emptyText={am.integration.noKeys}
          label={am.integration.keys}
          size="small"
          columns={[
            am.integration.keyName,
            am.integration.prefix,
            am.integration.created,
            am.integration.lastUsed,
            am.integration.status,
            '',
          ]}
        >
          {keys.data?.list.map((key) => (
            <TableRow key={key.id}>
              <TableCell>{key.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}…</TableCell>
              <TableCell>{formatDateTime(key.createdAt)}</TableCell>
              <TableCell>{formatDateTime(key.lastUsedAt)}</TableCell>
              <TableCell>
                {key.revokedAt ? (
                  <Chip size="small" label={am.integration.revoked} />
                ) : (
                  <Chip size="small" color="success" variant="outlined" label={am.integration.live} />
                )}
              </TableCell>
              <TableCell align="right">
                {!key.revokedAt && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void run(revokeKey({ orgId, keyId: key.id }))}
                  >
                    {am.integration.revoke}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Section>

      <Section
        title={am.integration.webhooks}
        form={
          <Stack component="form" direction="row" spacing={1} onSubmit={addHook}>
            <TextField
              size="small"
              type="url"
              label={am.integration.url}
              value={hookUrl}
              onChange={(e) => setHookUrl(e.target.value)}
              sx={{ minWidth: 320 }}
            />
            <Button type="submit" variant="contained" disabled={!hookUrl.trim()}>
              {am.integration.addWebhook}
            </Button>
          </Stack>
        }
      >
        <ListTable
          query={hooks}
          items={hooks.data?.list}
          emptyText={am.integration.noWebhooks}
          label={am.integration.webhooks}
          size="small"
          columns={[am.integration.url, am.integration.created, am.integration.status, '']}
        >
          {hooks.data?.list.map((hook) => (
            <TableRow key={hook.id}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{hook.url}</TableCell>
              <TableCell>{formatDateTime(hook.createdAt)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={hook.active ? 'success' : 'default'}
                  label={hook.active ? am.integration.active : am.integration.inactive}
                />
              </TableCell>
              <TableCell align="right">
                {hook.active && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => void run(disableHook({ orgId, endpointId: hook.id }))}
                  >
                    {am.integration.disable}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Section>

      <Section title={am.integration.deliveries}>
        <ListTable
          query={deliveries}
          items={deliveries.data?.list}
          emptyText={am.integration.noDeliveries}
          label={am.integration.deliveries}
          size="small"
          columns={[
            am.integration.event,
            am.integration.created,
            am.integration.status,
            { label: am.integration.attempts, align: 'right' },
            am.integration.lastResult,
            '',
          ]}
        >
          {deliveries.data?.list.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{d.eventType}</TableCell>
              <TableCell>{formatDateTime(d.createdAt)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'default'}
                  label={d.status}
                />
              </TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell>{d.lastStatusCode ?? d.lastError ?? am.common.none}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => void run(replay({ orgId, deliveryId: d.id }))}>
                  {am.integration.replay}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </Section>
      <ShownOnceDialog
        title={secret?.title ?? ''}
        label={secret?.label ?? ''}
        secret={secret?.value ?? null}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}

/** /admin/integration?org=: API keys (shown once), webhook endpoints and deliveries (replay). */
export default function IntegrationPage() {
  const [params, setParams] = useSearchParams();
  const orgId = params.get('org') ?? '';
  return (
    <>
      <PageHeader
        title={am.integration.title}
        intro={am.integration.intro}
        action={<OrgSelect value={orgId} onChange={(id) => setParams({ org: id })} />}
      />
      {orgId ? (
        <OrgIntegration key={orgId} orgId={orgId} />
      ) : (
        <Alert severity="info">{am.common.chooseOrg}</Alert>
      )}
    </>
  );
}
