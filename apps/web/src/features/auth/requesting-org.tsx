import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FORM_URL_KEY, type Organisation } from '@veridocs/shared';
import type { FromState } from '../../app/paths';
import { useT } from '../../i18n';
import { fetchOrganisation } from '../../lib/api/organisation-api';
import { authCatalog } from './auth-catalog';

/** The organisation of the form link a signed-out visitor was sent to /login from, if any. */
export function formLinkOrgId(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith(`/${FORM_URL_KEY}/`)) return null;
  return new URLSearchParams(from.search ?? '').get('orgId')?.trim() || null;
}

const LOGO_SIZE = 48;

/**
 * "Requested by" and the organisation's logo and name, on the login of a candidate who opened a form
 * link: they came for that organisation, not for Veridocs. The space is kept while it loads (no jump);
 * an unknown organisation or a failed call leaves the generic page. Keyed by the organisation's id.
 */
export function RequestingOrg({ orgId }: { orgId: string }) {
  const t = useT(authCatalog);
  const [org, setOrg] = useState<Organisation | 'failed' | null>(null);
  const [logoFailed, setLogoFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchOrganisation(orgId)
      .then((found) => {
        if (live) setOrg(found);
      })
      .catch(() => {
        if (live) setOrg('failed');
      });
    return () => {
      live = false;
    };
  }, [orgId]);

  if (org === 'failed') return null;
  const name = org ? org.displayName || org.name : '';

  return (
    <Box
      aria-busy={org === null}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        mb: 3,
        minHeight: LOGO_SIZE + 24,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      {org?.imageUrl && !logoFailed ? (
        <Box
          component="img"
          src={org.imageUrl}
          alt={t('orgLogo', { name })}
          onError={() => setLogoFailed(true)}
          sx={{ height: LOGO_SIZE, width: LOGO_SIZE, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            width: LOGO_SIZE,
            height: LOGO_SIZE,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: org ? 'primary.main' : 'divider',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: '1.25rem',
          }}
        >
          {name.charAt(0).toUpperCase()}
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('requestedBy')}
        </Typography>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.0625rem', overflowWrap: 'anywhere' }}>
          {org ? name : '\u00a0'}
        </Typography>
      </Box>
    </Box>
  );
}
