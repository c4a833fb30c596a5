import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import { PATHS } from '../../app/paths';
import { useSession } from '../../app/session/session-context';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { selectProfileName } from '../../app/store/selectors';
import { setOpenDemo } from '../../app/store/slices/misc-slice';

/** Home: the greeting and the candidate's verifications (listed from the next issue on). */
export default function HomePage() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const name = useAppSelector(selectProfileName);

  useEffect(() => {
    void session.loadProfile();
  }, [session]);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h1" component="h1" sx={{ mb: 0.5 }}>
          {name ? `Hello, ${name}` : 'Hello'}
        </Typography>
        <Typography color="text.secondary">Your documents and verifications, in one place.</Typography>
      </Box>

      <Box component="section" aria-labelledby="verifications-heading">
        <Typography id="verifications-heading" variant="h2" component="h2" sx={{ mb: 1.5 }}>
          Your verifications
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Box
            sx={{
              width: 56,
              height: 56,
              mx: 'auto',
              mb: 2,
              borderRadius: '50%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(29, 78, 137, 0.08)',
              color: 'primary.main',
            }}
          >
            <LinkOutlinedIcon aria-hidden />
          </Box>
          <Typography variant="h3" component="p" sx={{ mb: 1 }}>
            No verifications yet
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mb: 3 }}>
            Verifications start from a link that an organisation sends you when it asks you to verify your
            documents. Open that link to begin: your verifications will then show up here.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PlayCircleOutlinedIcon />}
              onClick={() => dispatch(setOpenDemo(true))}
            >
              Watch Demo
            </Button>
            <Button variant="outlined" component={RouterLink} to={PATHS.instructions}>
              Read the instructions
            </Button>
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
