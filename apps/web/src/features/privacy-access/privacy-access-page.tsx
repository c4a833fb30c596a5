import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccessCategory, Disclosure, PrivacyAccess, PrivacyPurpose } from '@veridocs/shared';
import { QueryStates } from '../../components/query-states/query-states';
import { useT, type Translate } from '../../i18n';
import { formatDate, formatDateTime } from '../../lib/dates';
import type en from './locales/en.json';
import { privacyAccessCatalog } from './privacy-access-catalog';
import { useGetDisclosuresInfiniteQuery, useGetPrivacyAccessQuery } from './privacy-access-api';

type T = Translate<keyof typeof en>;

const purposesText = (t: T, purposes: readonly PrivacyPurpose[]) =>
  purposes.map((p) => t(`purpose_${p}`)).join('; ');

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One category of data: its name, how much, what it is used for, and its details when any. */
function Category({ category, children }: { category: AccessCategory; children?: React.ReactNode }) {
  const t = useT(privacyAccessCatalog);
  const id = `held-${category.key}`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h3" sx={{ fontSize: '1.0625rem' }}>
        {t(`cat_${category.key}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('count', { count: category.count })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {category.usedFor.length > 0
          ? t('usedFor', { purposes: purposesText(t, category.usedFor) })
          : t('usedForAccount')}
      </Typography>
      {children}
    </Paper>
  );
}

function Held({ access }: { access: PrivacyAccess }) {
  const t = useT(privacyAccessCatalog);
  const { profile, identity } = access;
  const details: Partial<Record<AccessCategory['key'], React.ReactNode>> = {
    profile: (
      <Box component="dl" sx={{ display: 'grid', gap: 1, mt: 1.5, mb: 0 }}>
        <Detail label={t('name')} value={profile.name} />
        <Detail label={t('mobile')} value={profile.mobile} />
        {profile.dateOfBirth && <Detail label={t('dateOfBirth')} value={profile.dateOfBirth} />}
        <Detail label={t('since')} value={formatDate(profile.since)} />
      </Box>
    ),
    identity: (
      <Box component="dl" sx={{ display: 'grid', gap: 1, mt: 1.5, mb: 0 }}>
        <Detail
          label={t('aadhaar')}
          value={identity.aadhaarLast4 ? t('aadhaarLast4', { last4: identity.aadhaarLast4 }) : t('noAadhaar')}
        />
        {identity.verifiedName && <Detail label={t('verifiedName')} value={identity.verifiedName} />}
        <Detail label={t('passport')} value={identity.passport ? t('passportGiven') : t('notGiven')} />
      </Box>
    ),
    requests:
      access.requests.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ mt: 1.5, mb: 0, p: 0, listStyle: 'none' }}>
          {access.requests.map((r) => {
            const granted = r.purposes.filter((p) => p.granted).map((p) => p.purpose);
            return (
              <Box component="li" key={r.txnId} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {t('requestOf', { form: r.formName, org: r.orgName })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('requestStarted', { date: formatDate(r.createdAt) })} ·{' '}
                  {t('verifications', { count: r.verifications.length })}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.documents.length > 0
                    ? t('documents', { names: r.documents.join(', ') })
                    : t('noDocuments')}
                </Typography>
                <Typography variant="body2">
                  {granted.length > 0
                    ? t('consentGranted', { purposes: purposesText(t, granted) })
                    : t('noConsent')}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      ) : undefined,
  };
  return (
    <Box component="section" aria-labelledby="held-heading">
      <Typography id="held-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('heldHeading')}
      </Typography>
      <Stack spacing={2}>
        {access.categories.map((category) => (
          <Category key={category.key} category={category}>
            {details[category.key]}
          </Category>
        ))}
      </Stack>
    </Box>
  );
}

function DisclosureItem({ disclosure }: { disclosure: Disclosure }) {
  const t = useT(privacyAccessCatalog);
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t(`what_${disclosure.what}`)}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gap: 0.5, m: 0, mt: 0.5 }}>
        <Detail
          label={t('recipient')}
          value={`${disclosure.recipientName} (${t(`kind_${disclosure.recipientKind}`)})`}
        />
        <Detail label={t('when')} value={formatDateTime(disclosure.at)} />
        {disclosure.detail && <Detail label={t('what')} value={disclosure.detail} />}
      </Box>
    </Box>
  );
}

function Disclosures() {
  const t = useT(privacyAccessCatalog);
  const { data, isLoading, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetDisclosuresInfiniteQuery();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Box component="section" aria-labelledby="disclosures-heading" sx={{ mt: 4 }}>
      <Typography id="disclosures-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('disclosuresHeading')}
      </Typography>
      <QueryStates
        data={data}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        failedLabel={t('disclosuresFailed')}
        retryLabel={t('retry')}
      >
        {() =>
          items.length === 0 ? (
            <Typography color="text.secondary">{t('disclosuresEmpty')}</Typography>
          ) : (
            <>
              <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
                {items.map((d) => (
                  <DisclosureItem key={d.id} disclosure={d} />
                ))}
              </Box>
              {hasNextPage && (
                <Button
                  onClick={() => void fetchNextPage()}
                  loading={isFetchingNextPage}
                  variant="outlined"
                  sx={{ mt: 1 }}
                >
                  {t('loadMore')}
                </Button>
              )}
            </>
          )
        }
      </QueryStates>
    </Box>
  );
}

/** /privacy/access (issue 29, ADR 0049): what we hold about the candidate, and who received it. */
export default function PrivacyAccessPage() {
  const t = useT(privacyAccessCatalog);
  const { data, isLoading, isError, refetch } = useGetPrivacyAccessQuery();
  return (
    <Box sx={{ maxWidth: 760 }}>
      {/* The layout's header is the page's h1 ("Privacy", the title of every page under /privacy). */}
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>
      <QueryStates
        data={data}
        loading={isLoading}
        failed={isError}
        onRetry={() => void refetch()}
        failedLabel={t('loadFailed')}
        retryLabel={t('retry')}
        skeleton={[96, 96, 96]}
      >
        {(access) => <Held access={access} />}
      </QueryStates>
      <Disclosures />
    </Box>
  );
}
