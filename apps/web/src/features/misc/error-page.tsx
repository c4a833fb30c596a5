import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { MESSAGES } from '@veridocs/shared';
import { commonCatalog, localMessage, useT } from '../../i18n';
import { miscCatalog } from './misc-catalog';

/** The message a screen passed in navigation state, when it passed one (in the current language). */
export function errorMessageFromState(state: unknown): string {
  const message = (state as { message?: unknown } | null)?.message;
  return localMessage(
    typeof message === 'string' && message.trim() !== '' ? message : MESSAGES.unexpectedError,
  );
}

/** /error (spec §2): "Something went wrong", the message from navigation state, Go Back one step. */
export default function ErrorPage() {
  const t = useT(miscCatalog);
  const tc = useT(commonCatalog);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <ErrorOutlineOutlinedIcon sx={{ fontSize: 56, color: 'error.main', mb: 1 }} aria-hidden />
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {tc('somethingWentWrong')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} role="alert">
        {errorMessageFromState(location.state)}
      </Typography>
      <Box>
        <Button variant="contained" onClick={() => void navigate(-1)}>
          {t('goBack')}
        </Button>
      </Box>
    </Paper>
  );
}
