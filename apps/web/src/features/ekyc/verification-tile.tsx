import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import IconButton from '@mui/material/IconButton';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { stateChipColor } from '../../components/state-chip/state-chip';
import { useT } from '../../i18n';
import { ekycCatalog } from './ekyc-catalog';

/**
 * One tile of the form home: a button named by its label and status, the status chip (none when blank),
 * error styling for insufficient data, and an optional Skip action beside it.
 */
export function VerificationTile({
  label,
  subtitle,
  status,
  statusText,
  note,
  onOpen,
  onSkip,
  onDelete,
}: {
  label: string;
  subtitle?: string;
  /** The raw tile status (tileStatus), for styling. */
  status: string;
  /** Its display text (displayState); empty: no chip. */
  statusText: string;
  note?: string | null;
  onOpen: () => void;
  onSkip?: () => void;
  /** Delete (an added instance) or clear (the first) after a confirmation. */
  onDelete?: () => void;
}) {
  const t = useT(ekycCatalog);
  const insufficient = status === 'INSUFFICIENT_DATA';
  return (
    <Card
      variant="outlined"
      sx={{
        display: 'flex',
        alignItems: 'stretch',
        borderColor: insufficient ? 'error.main' : 'divider',
        bgcolor: insufficient ? 'rgba(179, 38, 30, 0.04)' : 'background.paper',
      }}
    >
      <CardActionArea
        onClick={onOpen}
        aria-label={t('tileLabel', { label, status: statusText || t('notStarted') })}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
          {note && (
            <Typography variant="body2" color="error.main" sx={{ mt: 0.5 }}>
              {note}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
          {statusText && (
            <Chip
              size="small"
              label={statusText}
              color={stateChipColor(status)}
              variant={status === 'SKIPPED' ? 'outlined' : 'filled'}
            />
          )}
          <ChevronRightIcon color="action" aria-hidden />
        </Box>
      </CardActionArea>
      {onDelete && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            px: 0.5,
            borderLeft: 1,
            borderColor: 'divider',
          }}
        >
          <IconButton onClick={onDelete} aria-label={t('deleteLabel', { label })}>
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      )}
      {onSkip && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            pr: 1.5,
            borderLeft: 1,
            borderColor: 'divider',
            pl: 1.5,
          }}
        >
          <Button size="small" onClick={onSkip} aria-label={t('skipLabel', { label })}>
            {t('skip')}
          </Button>
        </Box>
      )}
    </Card>
  );
}
