import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { LANGUAGES, LANGUAGE_NAMES, useLanguage, useT } from '../../i18n';
import { miscCatalog } from './misc-catalog';
import { track } from '../../lib/telemetry/tracker';
// Recorded from the product by `npm run demo:record` (scripts/record-demo.mjs, ADR 0034). Imported,
// not in public/: the build gives them hashed names under /assets/, cached for a year, and a new
// recording gets new names (vite.config.ts never inlines them as data: URLs, which the CSP refuses).
import posterUrl from './demo-video/poster.jpg';
import webmUrl from './demo-video/walkthrough.webm';
import mp4Url from './demo-video/walkthrough.mp4';
import captionsEn from './demo-video/captions.en.vtt';
import captionsHi from './demo-video/captions.hi.vtt';

const CAPTIONS = { en: captionsEn, hi: captionsHi } as const;

/** The recording is a phone screen, 360 × 720. */
const VIDEO_RATIO = '1 / 2';

/**
 * "Watch Demo" (spec §2): a walkthrough video of the candidate's journey with captions in English and
 * Hindi, the app's language shown by default. Nothing loads until the candidate presses play
 * (preload="none"): the poster is all the dialog fetches.
 */
export default function DemoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT(miscCatalog);
  const language = useLanguage();
  const id = useId();
  // The dialog is mounted when Watch Demo is chosen (the layout renders it only then).
  useEffect(() => {
    if (open) track('misc', 'watch_demo_opened');
  }, [open]);
  // On a phone the dialog takes the screen: the portrait video gets the height it needs.
  const fullScreen = useMediaQuery('(max-width:599.95px)');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="xs"
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
      <DialogContent sx={{ pb: 1 }}>
        <Typography id={`${id}-body`} color="text.secondary" sx={{ mb: 2 }}>
          {t('demoIntro')}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Box
            component="video"
            controls
            playsInline
            preload="none"
            poster={posterUrl}
            aria-label={t('demoVideoLabel')}
            sx={(theme) => ({
              display: 'block',
              // What the title, text and button leave of the screen (the dialog's margins too when not full screen).
              height: fullScreen ? 'calc(100dvh - 270px)' : 'min(calc(100dvh - 340px), 600px)',
              minHeight: 240,
              aspectRatio: VIDEO_RATIO,
              maxWidth: '100%',
              bgcolor: 'grey.100',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              // The captions in the app's fonts (its Devanagari face for Hindi), not the device's default.
              '&::cue': { fontFamily: theme.typography.fontFamily },
            })}
          >
            <source src={webmUrl} type='video/webm; codecs="vp9"' />
            <source src={mp4Url} type="video/mp4" />
            {LANGUAGES.map((lang) => (
              <track
                key={lang}
                kind="captions"
                src={CAPTIONS[lang]}
                srcLang={lang}
                label={LANGUAGE_NAMES[lang]}
                default={lang === language}
              />
            ))}
            {t('demoUnsupported')}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
