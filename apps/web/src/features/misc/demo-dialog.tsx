import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { useT } from '../../i18n';
import { useCandidateSteps } from '../../lib/content/candidate-steps';
import { miscCatalog } from './misc-catalog';
import { track } from '../../lib/telemetry/tracker';

/**
 * "Watch Demo": a step-by-step walkthrough of the candidate's six steps (there is no demo video).
 */
export default function DemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(miscCatalog);
  // The steps the instructions page tells, in the reader's language.
  const steps = useCandidateSteps();
  const [index, setIndex] = useState(0);
  const id = useId();
  const total = steps.length;
  const step = steps[index] ?? steps[0];
  const last = index === total - 1;
  // The dialog is mounted when Watch Demo is chosen (the layout renders it only then).
  useEffect(() => {
    if (open) track('misc', 'watch_demo_opened');
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
    >
      <DialogTitle id={`${id}-title`} sx={{ pr: 7 }}>
        {t('demoTitle')}
        <IconButton
          onClick={onClose}
          aria-label={t('closeDemo')}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <LinearProgress
          variant="determinate"
          value={((index + 1) / total) * 100}
          aria-label={t('stepOf', { step: index + 1, total })}
          sx={{ mb: 3, height: 6, borderRadius: 3 }}
        />
        <Box aria-live="polite" id={`${id}-body`} sx={{ minHeight: 150 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('stepOf', { step: index + 1, total })}
          </Typography>
          <Typography variant="h2" component="h3" sx={{ mb: 1.5 }}>
            {step?.title}
          </Typography>
          <Typography color="text.secondary">{step?.description}</Typography>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
        <Button
          startIcon={<ChevronLeftIcon />}
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
        >
          {t('previous')}
        </Button>
        {last ? (
          <Button variant="contained" onClick={onClose}>
            {t('done')}
          </Button>
        ) : (
          <Button
            variant="contained"
            endIcon={<ChevronRightIcon />}
            onClick={() => setIndex((i) => Math.min(total - 1, i + 1))}
          >
            {t('next')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
