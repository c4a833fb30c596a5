import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { PATHS } from '../../app/paths';
import { config } from '../../lib/config';
import { useCandidateSteps } from '../../lib/content/candidate-steps';
import { useT } from '../../i18n';
import { visuallyHidden } from '../../lib/visually-hidden';
import { UPLOAD_TIP_KEYS, buildFaqs } from './faq-content';
import { infoCatalog } from './info-catalog';

type InfoTab = 'instructions' | 'faq';

function Instructions() {
  const t = useT(infoCatalog);
  const steps = useCandidateSteps();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h2" component="h2">
        {t('stepsHeading')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontWeight: 700,
              }}
            >
              {index + 1}
            </Box>
            <Box>
              <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
                <Box component="span" sx={visuallyHidden}>
                  {t('stepPrefix', { number: index + 1 })}{' '}
                </Box>
                {step.title}
              </Typography>
              <Typography color="text.secondary">{step.description}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Box component="section" aria-labelledby="upload-tips">
        <Typography id="upload-tips" variant="h3" component="h3" sx={{ mb: 1 }}>
          {t('tipsHeading')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
          {UPLOAD_TIP_KEYS.map((tip) => (
            <Typography component="li" key={tip}>
              {t(tip)}
            </Typography>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function Faqs() {
  const t = useT(infoCatalog);
  const faqs = buildFaqs(t, config.supportEmail, config.supportPhoneDisplay);
  return (
    <Box>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('faqHeading')}
      </Typography>
      {faqs.map((faq, index) => (
        <Accordion
          key={index}
          disableGutters
          elevation={0}
          sx={{ borderBottom: 1, borderColor: 'divider', '&::before': { display: 'none' } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`faq-${index}-summary`}
            aria-controls={`faq-${index}-details`}
          >
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${index}-details`}>
            <Typography color="text.secondary">{faq.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/** Instructions and FAQs on one page with two tabs (spec §2); each tab has its own path. */
export default function InfoPage({ tab }: { tab: InfoTab }) {
  const { search } = useLocation();
  const id = useId();
  const t = useT(infoCatalog);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={tab}
        aria-label={t('tabsLabel')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="instructions"
          label={t('instructionsTab')}
          component={RouterLink}
          to={`${PATHS.instructions}${search}`}
          replace
          id={`${id}-instructions-tab`}
          aria-controls={`${id}-panel`}
        />
        <Tab
          value="faq"
          label={t('faqTab')}
          component={RouterLink}
          to={`${PATHS.faq}${search}`}
          replace
          id={`${id}-faq-tab`}
          aria-controls={`${id}-panel`}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${tab}-tab`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {tab === 'instructions' ? <Instructions /> : <Faqs />}
      </Box>
    </Paper>
  );
}
