import { Suspense, lazy, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGE_NAMES, commonCatalog, setLanguage, useLanguage, useT, type Language } from '../../i18n';
import { loadWithRetry } from '@veridocs/shared';

// The menu itself (MUI's Menu, Popover and Modal) loads on the first hover, focus or click: it stays off
// the sign-in page's first load (ADR 0012).
const loadList = () => import('./language-menu-list');
const LanguageMenuList = lazy(() => loadWithRetry(loadList));

/**
 * The language menu (issue 10 §4): English / हिन्दी, in the top bars and on the sign-in page. A button
 * named "Language: English" (the current language's name is shown, each language in its own script);
 * with `collapse`, only its icon shows below 600 px (the 360 px top bar).
 */
export function LanguageMenu({ collapse = false }: { collapse?: boolean }) {
  const t = useT(commonCatalog);
  const language = useLanguage();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

  const choose = (next: Language) => {
    setOpen(false);
    if (next !== language) void setLanguage(next);
  };

  return (
    <>
      <Button
        id={`${id}-button`}
        aria-label={t('currentLanguage', { name: LANGUAGE_NAMES[language] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onPointerEnter={() => void loadList()}
        onFocus={() => void loadList()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen(true);
        }}
        color="primary"
        sx={{
          minWidth: 0,
          flexShrink: 0,
          px: collapse ? { xs: 0.75, sm: 1.25 } : 1.25,
          gap: 0.75,
          whiteSpace: 'nowrap',
        }}
      >
        <TranslateIcon fontSize="small" aria-hidden />
        <Box
          component="span"
          lang={language}
          sx={collapse ? { display: { xs: 'none', sm: 'inline' } } : undefined}
        >
          {LANGUAGE_NAMES[language]}
        </Box>
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenuList
            id={`${id}-menu`}
            labelledBy={`${id}-button`}
            anchor={anchor}
            open={open}
            current={language}
            onChoose={choose}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
