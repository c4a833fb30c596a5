import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { ekycCatalog } from './ekyc-catalog';

/** "Steps Completed" (spec §2): a determinate ring with done/total and the rounded percentage. */
export function StepsRing({ done, total, percent }: { done: number; total: number; percent: number }) {
  const t = useT(ekycCatalog);
  const label = t('stepsRingLabel', { done, total, percent });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={100}
          size={72}
          thickness={5}
          sx={{ color: 'divider', position: 'absolute' }}
          aria-hidden
        />
        <CircularProgress
          variant="determinate"
          value={percent}
          size={72}
          thickness={5}
          aria-label={label}
          sx={{ '& .MuiCircularProgress-circle': { strokeLinecap: 'round' } }}
        />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Typography variant="subtitle2" component="span" data-testid="steps-percent">
            {percent}%
          </Typography>
        </Box>
      </Box>
      <Box aria-hidden>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 650 }} data-testid="steps-count">
          {done}/{total}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('stepsCompleted')}
        </Typography>
      </Box>
    </Box>
  );
}
