import { useCallback, useEffect, useRef, useState } from 'react';
import { keyframes } from '@emotion/react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { UI_LIMITS } from '@veridocs/shared';
import { commonCatalog, useT } from '../../i18n';
import { setNotifier, type NotifyVariant } from '../../lib/notify';

/** How long a snackbar stays (the candidate can close it sooner). */
export const SNACKBAR_AUTO_HIDE_MS = 5000;

interface Snack {
  id: number;
  message: string;
  variant: NotifyVariant;
}

const rise = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

const SEVERITY: Record<NotifyVariant, AlertColor> = {
  default: 'info',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
};

/**
 * The app's snackbars (spec §8): bottom centre, at most UI_LIMITS.snackbarMax at once (a new one
 * pushes out the oldest), each gone after 5 s or when closed. Messages arrive through lib/notify, from
 * components and from the API client alike. Built from MUI's Alert, which the sign-in page already
 * loads, instead of a snackbar library (ADR 0008).
 */
export function SnackbarHost() {
  const t = useT(commonCatalog);
  const [snacks, setSnacks] = useState<Snack[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setSnacks((current) => current.filter((snack) => snack.id !== id));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    setNotifier((message, variant) => {
      nextId.current += 1;
      const id = nextId.current;
      setSnacks((current) => [...current, { id, message, variant }].slice(-UI_LIMITS.snackbarMax));
      pending.set(
        id,
        setTimeout(() => dismiss(id), SNACKBAR_AUTO_HIDE_MS),
      );
    });
    return () => {
      setNotifier(null);
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, [dismiss]);

  return (
    // Always in the page, so a polite message added to it is announced (errors are role=alert).
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        left: '50%',
        bottom: { xs: 16, sm: 24 },
        transform: 'translateX(-50%)',
        width: 'min(560px, calc(100% - 32px))',
        display: 'grid',
        gap: 1,
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
      }}
    >
      {snacks.map((snack) => (
        <Alert
          key={snack.id}
          variant="filled"
          severity={SEVERITY[snack.variant]}
          icon={snack.variant === 'default' ? false : undefined}
          role={snack.variant === 'error' || snack.variant === 'warning' ? 'alert' : 'status'}
          onClose={() => dismiss(snack.id)}
          closeText={t('close')}
          sx={{
            pointerEvents: 'auto',
            boxShadow: 6,
            alignItems: 'center',
            animation: `${rise} 200ms ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            ...(snack.variant === 'default' && { bgcolor: 'grey.900', color: 'common.white' }),
          }}
        >
          {snack.message}
        </Alert>
      ))}
    </Box>
  );
}
