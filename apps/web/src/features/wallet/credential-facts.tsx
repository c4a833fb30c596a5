import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CredentialAttributes, CredentialType } from '@veridocs/shared';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import en from './locales/en.json';
import { walletCatalog } from './wallet-catalog';

type WalletKey = keyof typeof en;
const isKey = (key: string): key is WalletKey => key in en;

/** "Education", "Identity", … for a credential type. */
export function useTypeLabel(): (type: CredentialType) => string {
  const t = useT(walletCatalog);
  return (type) => {
    const key = `type${type}`;
    return isKey(key) ? t(key) : type;
  };
}

/** The label of an attribute key (its English key when the catalogue has none). */
export function useAttributeLabel(): (key: string) => string {
  const t = useT(walletCatalog);
  return (key) => {
    const label = `attr_${key}`;
    return isKey(label) ? t(label) : key;
  };
}

/**
 * The order facts are shown in (the server keeps them in JSONB, which does not keep key order); the
 * category is left out: the credential's type says it above the list.
 */
const ORDER = [
  'holderName',
  'verification',
  'degreeName',
  'institute',
  'board',
  'schoolName',
  'passingYear',
  'companyName',
  'designation',
  'employmentType',
  'joiningDate',
  'relievingDate',
  'issuingAuthority',
  'issueDate',
  'city',
  'district',
  'state',
  'country',
  'source',
  'requestedBy',
  'verifiedOn',
];
const HIDDEN = new Set(['category']);
/** Attributes that are days (yyyy-MM-dd in the credential): shown as the app shows dates (spec §5). */
const DATES = new Set(['verifiedOn', 'joiningDate', 'relievingDate', 'issueDate']);
const rank = (key: string) => {
  const index = ORDER.indexOf(key);
  return index === -1 ? ORDER.length : index;
};

/** A credential's facts as a definition list: label above value on a phone, side by side wider. */
export function CredentialFacts({
  attributes,
  extra = [],
}: {
  attributes: CredentialAttributes;
  extra?: readonly [label: string, value: string][];
}) {
  const labelOf = useAttributeLabel();
  const rows: [string, string][] = [
    ...Object.entries(attributes)
      .filter(([key]) => !HIDDEN.has(key))
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, value]): [string, string] => [
        labelOf(key),
        DATES.has(key) ? formatDate(value) || value : value,
      ]),
    ...extra,
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1.25 },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
