import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { PageLoader } from '../../components/page-loader/page-loader';
import { LanguageMenu } from '../../components/language-menu/language-menu';
import { useT } from '../../i18n';
import { useBackHandler } from '../back-navigation';
import { useLocalTitleFor } from '../page-meta';
import { PATHS } from '../paths';
import { RouteErrorBoundary } from '../route-error-boundary';
import { layoutCatalog } from './layout-catalog';
import { PageHeader } from './page-header';
import { SkipLink } from './skip-link';

/** The frame of the pages open without a session: logo, title with back button, footer links. */
export default function PublicShell() {
  const t = useT(layoutCatalog);
  const titleFor = useLocalTitleFor();
  const { pathname } = useLocation();
  const onBack = useBackHandler();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          px: { xs: 2, sm: 3 },
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box
          component={RouterLink}
          to={PATHS.login}
          aria-label={t('signInLink')}
          sx={{
            display: 'inline-flex',
            textDecoration: 'none',
            borderRadius: 1,
            '&:focus-visible': { outline: '3px solid #f0b429', outlineOffset: 2 },
          }}
        >
          <BrandLogo size={30} />
        </Box>
        <LanguageMenu />
      </Box>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="md"
        sx={{ flex: 1, py: { xs: 2, sm: 4 }, outline: 'none' }}
      >
        <PageHeader title={titleFor(pathname)} onBack={onBack} />
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Container>
      <Box
        component="footer"
        sx={{
          py: 2,
          px: 2,
          display: 'flex',
          gap: 3,
          justifyContent: 'center',
          flexWrap: 'wrap',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Link component={RouterLink} to={PATHS.login} variant="body2">
          {t('signUpLogin')}
        </Link>
        <Link component={RouterLink} to={PATHS.instructions} variant="body2">
          {t('instructionsFaqs')}
        </Link>
        <Link component={RouterLink} to={PATHS.terms} variant="body2">
          {t('terms')}
        </Link>
        <Link component={RouterLink} to={PATHS.privacyPolicy} variant="body2">
          {t('privacyPolicy')}
        </Link>
      </Box>
    </Box>
  );
}
