import { Typography } from '@mui/material';
import { m } from '../../messages';

export default function QueuesPage() {
  return <Typography variant="h1">{m.queues.title}</Typography>;
}
