import { useParams } from 'react-router';
import { Typography } from '@mui/material';

export default function CasePage() {
  const { txnId = '' } = useParams();
  return <Typography variant="h1">{txnId}</Typography>;
}
