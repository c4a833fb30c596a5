import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../i18n';
import { track } from '../../lib/telemetry/tracker';

/** The language menu's list: one radio item per language, named in its own script. */
export default function LanguageMenuList({
  id,
  labelledBy,
  anchor,
  open,
  current,
  onChoose,
  onClose,
}: {
  id: string;
  labelledBy: string;
  anchor: HTMLElement;
  open: boolean;
  current: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': labelledBy, dense: false } }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem
          key={language}
          role="menuitemradio"
          aria-checked={language === current}
          selected={language === current}
          lang={language}
          onClick={() => {
            // Tracked here, in the menu's lazy chunk: the button is on the sign-in page's first load.
            if (language !== current) track('misc', 'language_changed', { from: current, to: language });
            onChoose(language);
          }}
          sx={{ minWidth: 160 }}
        >
          <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{LANGUAGE_NAMES[language]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
