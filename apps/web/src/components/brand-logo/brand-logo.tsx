import Box from '@mui/material/Box';

interface BrandLogoProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  /** 'light' for dark backgrounds. */
  tone?: 'dark' | 'light';
  showWordmark?: boolean;
}

/** The Veridocs mark (a document with a check) and wordmark. Decorative mark, text wordmark. */
export function BrandLogo({ size = 32, tone = 'dark', showWordmark = true }: BrandLogoProps) {
  const ink = tone === 'dark' ? '#1d4e89' : '#ffffff';
  const paper = tone === 'dark' ? '#ffffff' : '#1d4e89';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, lineHeight: 1 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={ink} />
        <path
          d="M10 7h9l5 5v13a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z"
          fill={paper}
          opacity="0.95"
        />
        <path d="M19 7v5h5" fill="none" stroke={ink} strokeWidth="1.4" strokeLinejoin="round" />
        <path
          d="M12.5 18.5l2.6 2.6 5-5.2"
          fill="none"
          stroke={ink}
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {showWordmark && (
        <Box
          component="span"
          sx={{
            fontWeight: 700,
            fontSize: size * 0.62,
            letterSpacing: '-0.01em',
            color: tone === 'dark' ? 'primary.main' : '#ffffff',
          }}
        >
          Veridocs
        </Box>
      )}
    </Box>
  );
}
