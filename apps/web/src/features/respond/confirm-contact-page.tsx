import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { queryErrorMessage } from '../../lib/api/base-query';
import { useConfirmContactMutation } from './respond-api';
import { respondCatalog } from './respond-catalog';

/** A link's token is at least this long (the shared schema): a shorter one is not worth a request. */
export const MIN_TOKEN = 20;

/**
 * The contact's confirmation link (INSTITUTION_API_PATHS.confirmPage): confirmed on a button press,
 * never on load, because mail scanners open the links of an e-mail by themselves.
 */
export function ConfirmContactPage() {
  const t = useT(respondCatalog);
  const [params] = useSearchParams();
  const token = (params.get('t') ?? '').trim();
  const [confirm, result] = useConfirmContactMutation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 2, maxWidth: 640, minWidth: 0 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('confirmTitle')}
      </Typography>
      {token.length < MIN_TOKEN ? (
        <Alert severity="error" role="alert">
          {t('linkInvalid')}
        </Alert>
      ) : result.data ? (
        <Alert severity="success" role="status">
          {t('confirmed', { email: result.data.email, institution: result.data.institution })}
        </Alert>
      ) : (
        <>
          <Typography>{t('confirmBody')}</Typography>
          {result.isError && (
            <Alert severity="error" role="alert">
              {queryErrorMessage(result.error)}
            </Alert>
          )}
          <div>
            <Button variant="contained" loading={result.isLoading} onClick={() => void confirm({ token })}>
              {t('confirmButton')}
            </Button>
          </div>
        </>
      )}
    </Paper>
  );
}
