import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import PlayCircleOutlinedIcon from '@mui/icons-material/PlayCircleOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { showsContactUs } from '@veridocs/shared';
import { PATHS } from '../paths';
import { useSession } from '../session/session-context';
import { useAppDispatch } from '../store/hooks';
import { setOpenDemo } from '../store/slices/misc-slice';
import { FIRST_TRANSACTIONS, useGetCandidateTransactionsQuery } from '../store/transactions-api';
import { useT } from '../../i18n';
import { ContactUs } from './contact-us';
import { layoutCatalog } from './layout-catalog';
import { track } from '../../lib/telemetry/tracker';

interface NavLinkItem {
  label: 'home' | 'profile' | 'notifications' | 'payments' | 'wallet' | 'faqsInstructions';
  to: string;
  icon: ReactNode;
  mobileOnly?: boolean;
}

/** The navigation menu of spec §2; Notifications and FAQs / Instructions are in the mobile drawer only. */
const LINKS_BEFORE_DEMO: NavLinkItem[] = [
  { label: 'home', to: PATHS.home, icon: <HomeOutlinedIcon /> },
  { label: 'profile', to: PATHS.profile, icon: <PersonOutlinedIcon /> },
  {
    label: 'notifications',
    to: PATHS.notifications,
    icon: <NotificationsNoneOutlinedIcon />,
    mobileOnly: true,
  },
  { label: 'payments', to: PATHS.transactionHistory, icon: <ReceiptLongOutlinedIcon /> },
  // The spec's menu has no entry for the wallet it offers (§1); it sits with the candidate's records (ADR 0031).
  { label: 'wallet', to: PATHS.wallet, icon: <AccountBalanceWalletOutlinedIcon /> },
];
const LINKS_AFTER_DEMO: NavLinkItem[] = [
  {
    label: 'faqsInstructions',
    to: PATHS.instructions,
    icon: <HelpOutlineOutlinedIcon />,
    mobileOnly: true,
  },
];

function isActive(pathname: string, to: string): boolean {
  return to === PATHS.home ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
}

export function NavMenu({ mobile, onNavigate }: { mobile: boolean; onNavigate?: () => void }) {
  const t = useT(layoutCatalog);
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const session = useSession();
  // The Contact Us block shows only for a candidate with a transaction in one of the spec's states; the
  // home list shares this cached request (a drawer opening again does not ask again).
  const { showContactUs } = useGetCandidateTransactionsQuery(FIRST_TRANSACTIONS, {
    refetchOnMountOrArgChange: false,
    selectFromResult: ({ data }) => ({ showContactUs: showsContactUs(data?.list ?? []) }),
  });
  const [loggingOut, setLoggingOut] = useState(false);

  const renderLink = (item: NavLinkItem) => {
    if (item.mobileOnly && !mobile) return null;
    const active = isActive(pathname, item.to);
    return (
      <ListItemButton
        key={item.to}
        component={RouterLink}
        to={item.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ borderRadius: 2, mx: 1, mb: 0.5 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={t(item.label)} />
      </ListItemButton>
    );
  };

  return (
    <Box
      component="nav"
      aria-label={t('mainNav')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {/* A plain group: the entries are links and buttons, not list items. */}
      <List component="div" sx={{ pt: 1 }}>
        {LINKS_BEFORE_DEMO.map(renderLink)}
        <ListItemButton
          onClick={() => {
            dispatch(setOpenDemo(true));
            onNavigate?.();
          }}
          sx={{ borderRadius: 2, mx: 1, mb: 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <PlayCircleOutlinedIcon />
          </ListItemIcon>
          <ListItemText primary={t('watchDemo')} />
          <Chip label={t('new')} size="small" color="secondary" sx={{ height: 22, fontWeight: 600 }} />
        </ListItemButton>
        {LINKS_AFTER_DEMO.map(renderLink)}
        <Divider sx={{ my: 1, mx: 2 }} />
        <ListItemButton
          disabled={loggingOut}
          onClick={() => {
            setLoggingOut(true);
            track('auth', 'logged_out');
            void session.logout().finally(() => setLoggingOut(false));
          }}
          sx={{ borderRadius: 2, mx: 1 }}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t('logOut')} />
        </ListItemButton>
      </List>
      {showContactUs && <ContactUs />}
    </Box>
  );
}
