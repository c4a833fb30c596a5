import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';

/**
 * A query's three states before its content: loading (`skeleton`, a shape of what comes, marked busy),
 * failed (the message with a retry), then the content. `children` is a function so the content is built
 * only once the data is there. Labels come from the caller's catalog.
 */
export function QueryStates<T>({
  data,
  loading,
  failed,
  onRetry,
  failedLabel,
  retryLabel,
  skeleton = [96],
  children,
}: {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  failedLabel: string;
  retryLabel: string;
  /** The heights of the rounded blocks shown while loading. */
  skeleton?: readonly number[];
  children: (data: T) => ReactNode;
}) {
  if (loading)
    return (
      <Box aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
        {skeleton.map((height, i) => (
          <Skeleton key={i} variant="rounded" height={height} />
        ))}
      </Box>
    );
  if (failed || data === undefined)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        }
      >
        {failedLabel}
      </Alert>
    );
  return <>{children(data)}</>;
}
