import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CredentialAttributes, CredentialType } from '@veridocs/shared';
import { useT } from '../../i18n';
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
    ...Object.entries(attributes).map(([key, value]): [string, string] => [labelOf(key), value]),
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
