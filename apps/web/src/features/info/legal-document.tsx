import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
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
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {index + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.25 }} color="text.primary">
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Paper>
  );
}
