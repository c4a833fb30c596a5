import { useMemo, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
// The provider /login already loads (providers.tsx): @mui/material/styles' own would pull its
// CSS-variables provider into the sign-in chunk (~3 KB over /login's budget).
import ThemeProvider from '@mui/system/ThemeProvider';
import { useGetOrganisationQuery } from '../store/transactions-api';
import { useT } from '../../i18n';
import { brandingCatalog } from './branding-catalog';
import { refetchOnMount } from '../../lib/after-first-screen';

/**
 * The organisation's branding (issue 28: display name, logo, colour) on the candidate's screens of its
 * transaction, beyond the start screen: a header with its logo and name, and its colour as MUI's
 * primary inside. Only lazy screens import this (the form home, a verification), so /login's bundle
 * does not grow. The colour was contrast-checked when saved (white text at 4.5:1). Until the
 * organisation is known, or when it has no colour, the app's own theme stays.
 */
export function OrgBranding({
  orgId,
  children,
  header: withHeader = true,
}: {
  orgId: string;
  children: ReactNode;
  /** False where the screen is drawn from prerendered HTML first: a header would move its heading. */
  header?: boolean;
}) {
  const t = useT(brandingCatalog);
  // Cached from the start screen; a link opened in a new tab asks once. A failure shows no header.
  const { currentData: org } = useGetOrganisationQuery(orgId || skipToken, {
    refetchOnMountOrArgChange: refetchOnMount(),
  });
  const brand = org?.primaryColor;
  const theme = useMemo(
    () =>
      brand
        ? (outer: Theme): Theme => ({
            ...outer,
            palette: {
              ...outer.palette,
              primary: outer.palette.augmentColor({ color: { main: brand, contrastText: '#fff' } }),
            },
          })
        : null,
    [brand],
  );
  const name = org ? org.displayName || org.name : '';
  const header = withHeader && org && (
    <Box
      data-testid="org-branding"
      data-brand={brand ?? undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        mb: 2,
        pb: 1,
        borderBottom: 3,
        borderColor: brand ?? 'divider',
        minWidth: 0,
      }}
    >
      {org.imageUrl && (
        <Box
          component="img"
          src={org.imageUrl}
          alt={t('orgLogo', { name })}
          sx={{ maxHeight: 40, maxWidth: 120, objectFit: 'contain' }}
        />
      )}
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{t('requestedBy', { name })}</Typography>
    </Box>
  );
  const content = (
    <>
      {header}
      {children}
    </>
  );
  return theme ? <ThemeProvider theme={theme}>{content}</ThemeProvider> : content;
}
