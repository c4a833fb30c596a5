import { Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLocalTitleFor } from '../../app/page-meta';
import { PATHS } from '../../app/paths';
import { RouteErrorBoundary } from '../../app/route-error-boundary';
import { SkipLink } from '../../app/layout/skip-link';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { LanguageMenu } from '../../components/language-menu/language-menu';
import { PageLoader } from '../../components/page-loader/page-loader';
import { useT } from '../../i18n';
import { ConfirmContactPage } from './confirm-contact-page';
import { ResponderPage } from './responder-page';
import { respondCatalog } from './respond-catalog';

/**
 * The institution's pages (issue 27) in a plain frame of their own: the product's name, the language,
 * no candidate navigation and no sign-in link (the registrar or HR person has no account).
 */
export default function RespondScreens() {
  const t = useT(respondCatalog);
  const { pathname } = useLocation();
  const titleFor = useLocalTitleFor();
  const confirm = pathname.replace(/\/+$/, '') === PATHS.respondConfirm;
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
        <BrandLogo size={30} />
        <LanguageMenu />
      </Box>
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flex: 1, py: { xs: 2, sm: 4 }, outline: 'none', minWidth: 0 }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: '1.375rem', sm: '1.625rem' }, mb: 2 }}>
          {titleFor(pathname)}
        </Typography>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader label={t('loading')} />}>
            {confirm ? <ConfirmContactPage /> : <ResponderPage />}
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
        <Typography variant="body2" color="text.secondary">
          © {t('productName')}
        </Typography>
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
