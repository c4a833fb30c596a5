import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import type { PrivacyPurpose } from '@veridocs/shared';
import { useLanguage, useT } from '../../i18n';
import { privacyCatalog } from './privacy-catalog';
import { useAnswerNoticeMutation, useGetPrivacyNoticeQuery } from './privacy-api';

/**
 * The privacy notice a candidate reads before their form starts (issue 29, ADR 0049): its sections in
 * their language (the server renders them), the required purposes with what refusing them means, each
 * optional purpose a checkbox left unticked, and "I agree" / "I do not agree". A consent already given
 * to this request goes straight on.
 */
export default function ConsentNotice({
  orgId,
  txnId,
  onConsented,
}: {
  orgId: string;
  txnId: string;
  onConsented: () => void;
}) {
  const t = useT(privacyCatalog);
  const language = useLanguage();
  const lang = language === 'hi' ? 'hi' : 'en';
  const notice = useGetPrivacyNoticeQuery({ orgId, txnId, lang }, { refetchOnMountOrArgChange: true });
  const [answerNotice, answering] = useAnswerNoticeMutation();
  const [optional, setOptional] = useState<Partial<Record<PrivacyPurpose, boolean>>>({});
  const [refused, setRefused] = useState(false);
  const done = useRef(false);
  const data = notice.data;

  const goOn = () => {
    if (done.current) return;
    done.current = true;
    onConsented();
  };

  useEffect(() => {
    if (data?.consented && !refused) goOn();
    // goOn is stable enough: it calls the latest onConsented once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.consented, refused]);

  const answer = async (agree: boolean) => {
    if (!data) return;
    const answered = await answerNotice({
      orgId,
      txnId,
      noticeHash: data.hash,
      purposes: data.purposes.map((p) => ({
        purpose: p.purpose,
        granted: agree && (p.required || optional[p.purpose] === true),
      })),
    });
    // A failure's snackbar comes from the api's error middleware; a changed notice is read again.
    if (answered.error) {
      void notice.refetch();
      return;
    }
    if (answered.data.consented) goOn();
    else setRefused(true);
  };

  if (refused)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 720, mx: 'auto', textAlign: 'center' }}>
        <BlockOutlinedIcon sx={{ fontSize: 52, color: 'error.main', mb: 1 }} aria-hidden />
        <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
          {t('refusedTitle')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('refusedBody')}</Typography>
        <Typography sx={{ mb: 3 }}>{t('refusedHow')}</Typography>
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center' }}>
          <Button variant="contained" onClick={() => setRefused(false)}>
            {t('readAgain')}
          </Button>
          <Button component={RouterLink} to="/" variant="text">
            {t('goBackHome')}
          </Button>
        </Box>
      </Paper>
    );

  if (!data || data.consented)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 720, mx: 'auto' }}>
        {notice.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={() => void notice.refetch()}>
                {t('tryAgain')}
              </Button>
            }
          >
            {t('noticeLoadFailed')}
          </Alert>
        ) : (
          <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 1.5 }}>
            <Skeleton width="60%" height={40} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="80%" />
          </Box>
        )}
      </Paper>
    );

  const required = data.purposes.filter((p) => p.required);
  const optionalPurposes = data.purposes.filter((p) => !p.required);
  const busy = answering.isLoading;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="privacy-notice-title"
      lang={data.language}
      sx={{ p: { xs: 2.5, sm: 5 }, maxWidth: 720, mx: 'auto', overflowWrap: 'anywhere' }}
    >
      <Typography id="privacy-notice-title" variant="h2" component="h2" sx={{ mb: 1 }}>
        {data.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('noticeIntro')}
      </Typography>
      {data.sections.map((section) => (
        <Box key={section.key} sx={{ mb: 2 }}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 0.5 }}>
            {section.title}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {section.lines.map((line) => (
              <Typography component="li" key={line} sx={{ mb: 0.5 }}>
                {line}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, mt: 3 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {t('choicesTitle')}
        </Typography>
        <Typography component="h4" sx={{ fontWeight: 600 }}>
          {t('requiredTitle')}
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 3 }}>
          {required.map((p) => (
            <Typography component="li" key={p.purpose}>
              {p.text}
            </Typography>
          ))}
        </Box>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('requiredNote')}
        </Alert>
        {optionalPurposes.length > 0 && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('optionalTitle')}
            </Typography>
            <FormGroup>
              {optionalPurposes.map((p) => (
                <FormControlLabel
                  key={p.purpose}
                  sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiCheckbox-root': { pt: 0.5 } }}
                  control={
                    <Checkbox
                      checked={optional[p.purpose] === true}
                      onChange={(e) => setOptional((o) => ({ ...o, [p.purpose]: e.target.checked }))}
                    />
                  }
                  label={p.text}
                />
              ))}
            </FormGroup>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" size="large" loading={busy} onClick={() => void answer(true)}>
            {t('agree')}
          </Button>
          <Button variant="outlined" size="large" disabled={busy} onClick={() => void answer(false)}>
            {t('disagree')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
