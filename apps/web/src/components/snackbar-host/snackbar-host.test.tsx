import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { notify } from '../../lib/notify';
import { SNACKBAR_AUTO_HIDE_MS, SnackbarHost } from './snackbar-host';

function renderHost() {
  return render(
    <ThemeProvider theme={theme}>
      <SnackbarHost />
    </ThemeProvider>,
  );
}

describe('SnackbarHost (spec §8)', () => {
  it('shows at most two at once: a third pushes out the oldest', () => {
    renderHost();
    act(() => {
      notify('First', 'error');
      notify('Second', 'success');
      notify('Third', 'info');
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('Third')).toBeInTheDocument();
  });

  it('errors are announced as alerts, others as status; each goes after 5 s', () => {
    vi.useFakeTimers();
    renderHost();
    act(() => notify('Server is down, please try again later', 'error'));
    expect(screen.getByRole('alert')).toHaveTextContent('Server is down, please try again later');
    act(() => {
      vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 1);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Close removes one at once', async () => {
    const user = userEvent.setup();
    renderHost();
    act(() => notify('Name updated', 'success'));
    const snack = screen.getByRole('status');
    await user.click(within(snack).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Name updated')).not.toBeInTheDocument();
  });

  it('stops receiving messages once unmounted', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { unmount } = renderHost();
    unmount();
    notify('Too late', 'error');
    expect(warn).toHaveBeenCalledWith('Snackbar not ready: Too late');
  });
});
