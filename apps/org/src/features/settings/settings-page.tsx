import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  contrastRatio,
  MIN_CONTRAST_WITH_WHITE,
  type OrgBrandingView,
  type OrgNotificationSettings,
} from '@veridocs/shared';
import { isOrgQueryError } from '../../app/api';
import { settingsApi } from './settings-api';
import { sm } from './settings-messages';

const HEX = /^#[0-9a-fA-F]{6}$/;
const errorText = (error: unknown) => (isOrgQueryError(error) ? error.message : sm.error);

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

function BrandingForm({ saved }: { saved: OrgBrandingView }) {
  const [displayName, setDisplayName] = useState(saved.displayName);
  const [colour, setColour] = useState(saved.primaryColor);
  const [save, saving] = settingsApi.useSaveBrandingMutation();
  const [upload, uploading] = settingsApi.useUploadLogoMutation();
  const [remove, removing] = settingsApi.useRemoveLogoMutation();
  const valid = HEX.test(colour);
  const ratio = valid ? contrastRatio(colour, '#FFFFFF') : null;
  const enough = ratio !== null && ratio >= MIN_CONTRAST_WITH_WHITE;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (enough) void save({ displayName: displayName.trim(), primaryColor: colour });
  };
  return (
    <Stack spacing={2}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <TextField
          label={sm.branding.displayName}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={sm.branding.colour}
            value={colour}
            onChange={(e) => setColour(e.target.value.trim())}
            error={!valid || !enough}
            helperText={
              !valid
                ? sm.branding.badHex
                : enough
                  ? sm.branding.contrast(ratio.toFixed(2))
                  : sm.branding.tooLow
            }
            sx={{ flex: 1 }}
          />
          <Box
            component="input"
            type="color"
            aria-label={sm.branding.pick}
            value={valid ? colour.toLowerCase() : '#000000'}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setColour(e.target.value)}
            sx={{ width: 48, height: 56, border: 0, p: 0, background: 'none' }}
          />
        </Stack>
        <Box
          aria-label={sm.branding.preview}
          role="group"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Box
            data-testid="branding-preview-header"
            sx={{
              bgcolor: valid ? colour : 'grey.500',
              color: '#fff',
              px: 2,
              py: 1.5,
              borderRadius: '4px 4px 0 0',
            }}
          >
            <Typography sx={{ fontWeight: 600, color: 'inherit' }}>
              {displayName || saved.displayName}
            </Typography>
          </Box>
          <Stack spacing={1} sx={{ p: 2, alignItems: 'flex-start' }}>
            <Typography>{sm.branding.previewBody}</Typography>
            <Box
              component="span"
              sx={{ bgcolor: valid ? colour : 'grey.500', color: '#fff', px: 2, py: 0.75, borderRadius: 1 }}
            >
              {sm.branding.previewButton}
            </Box>
          </Stack>
        </Box>
        {saving.error && <Alert severity="error">{errorText(saving.error)}</Alert>}
        {saving.isSuccess && <Alert severity="success">{sm.saved}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={!enough || displayName.trim().length < 2 || saving.isLoading}
          >
            {sm.branding.save}
          </Button>
        </Box>
      </Stack>
      <Stack spacing={1}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {sm.branding.logo}
        </Typography>
        {saved.imageUrl ? (
          <Box
            component="img"
            src={saved.imageUrl}
            alt={sm.branding.logoAlt(saved.displayName)}
            sx={{ maxHeight: 64, maxWidth: '100%', alignSelf: 'flex-start' }}
          />
        ) : (
          <Typography color="text.secondary">{sm.branding.noLogo}</Typography>
        )}
        {(uploading.error ?? removing.error) && (
          <Alert severity="error">{errorText(uploading.error ?? removing.error)}</Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component="label" variant="outlined" disabled={uploading.isLoading}>
            {sm.branding.upload}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
                e.target.value = '';
              }}
            />
          </Button>
          {saved.imageUrl && (
            <Button color="error" onClick={() => void remove()} disabled={removing.isLoading}>
              {sm.branding.removeLogo}
            </Button>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}

function NotificationsForm({ saved }: { saved: OrgNotificationSettings }) {
  const [value, setValue] = useState(saved);
  const [save, saving] = settingsApi.useSaveNotificationSettingsMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({ ...value, email: value.email?.trim() ? value.email.trim() : null });
  };
  const box = (key: 'onActionRequired' | 'onFinished' | 'dailyDigest') => (
    <FormControlLabel
      control={
        <Checkbox checked={value[key]} onChange={(e) => setValue({ ...value, [key]: e.target.checked })} />
      }
      label={sm.notifications[key]}
    />
  );
  return (
    <Stack component="form" spacing={1} onSubmit={submit}>
      <TextField
        label={sm.notifications.email}
        type="email"
        value={value.email ?? ''}
        onChange={(e) => setValue({ ...value, email: e.target.value })}
      />
      {box('onActionRequired')}
      {box('onFinished')}
      {box('dailyDigest')}
      {saving.error && <Alert severity="error">{errorText(saving.error)}</Alert>}
      {saving.isSuccess && <Alert severity="success">{sm.saved}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={saving.isLoading}>
          {sm.notifications.save}
        </Button>
      </Box>
    </Stack>
  );
}

/** The owner's settings: the candidate pages' branding (live preview, contrast checked) and e-mails. */
export default function SettingsPage() {
  const branding = settingsApi.useBrandingQuery();
  const notifications = settingsApi.useNotificationSettingsQuery();
  const loading = <CircularProgress aria-label={sm.loading} size={24} />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h1">{sm.title}</Typography>
      <Section title={sm.branding.title}>
        {branding.data ? (
          <BrandingForm
            key={`${branding.data.displayName}${branding.data.primaryColor}`}
            saved={branding.data}
          />
        ) : branding.error ? (
          <Alert severity="error">{errorText(branding.error)}</Alert>
        ) : (
          loading
        )}
      </Section>
      <Section title={sm.notifications.title}>
        {notifications.data ? (
          <NotificationsForm key={JSON.stringify(notifications.data)} saved={notifications.data} />
        ) : notifications.error ? (
          <Alert severity="error">{errorText(notifications.error)}</Alert>
        ) : (
          loading
        )}
      </Section>
    </Stack>
  );
}
