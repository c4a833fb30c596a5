import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INTL_LOCALES, type Language } from '../../i18n';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/**
 * A legal page's date ('yyyy-MM-dd') through `Intl`: "19 Feb 2024" in English (the specification's),
 * the month written out in Hindi ("19 फ़रवरी 2024"), where its short forms read as abbreviations.
 */
export function formatLegalDate(isoDay: string, language: Language): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: 'numeric',
    month: language === 'en' ? 'short' : 'long',
    year: 'numeric',
  }).format(new Date(year, month - 1, day));
}

/** Static legal text: a date line and numbered sections. */
export function LegalDocument({
  dateLine,
  intro,
  sections,
}: {
  dateLine: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {dateLine}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      {sections.map((section, index) => (
        <Box component="section" key={index} sx={{ mb: 3 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {index + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph, line) => (
            <Typography key={line} sx={{ mb: 1.25 }} color="text.primary">
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Paper>
  );
}
