import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CandidateTransaction } from '@veridocs/shared';
import { FORM_HOME_STATE } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { stateChipColor } from '../../components/state-chip/state-chip';
import { useStateLabel } from '../../components/state-chip/state-catalog';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { homeCatalog } from './home-catalog';

const avatarSx = {
  width: 44,
  height: 44,
  gridRow: { xs: 'span 2', sm: 'auto' },
  alignSelf: { xs: 'start', sm: 'center' },
};

/** One of the candidate's transactions; opens its form home (the init screen is skipped). */
export function TransactionCard({ transaction: t }: { transaction: CandidateTransaction }) {
  const tr = useT(homeCatalog);
  const state = useStateLabel()(t.state);
  const updated = formatDate(t.updatedAt);
  const values = { form: t.form.name, org: t.org.name, state, date: updated };
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea
        component={RouterLink}
        to={formEntryPath(t.formId, t.txnId, t.orgId)}
        state={FORM_HOME_STATE}
        aria-label={updated ? tr('cardLabelUpdated', values) : tr('cardLabel', values)}
        sx={{
          display: 'grid',
          // On a phone the chip goes under the text, so the form's name keeps the card's width.
          gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
          p: 2,
        }}
      >
        {t.org.imageUrl ? (
          <Avatar src={t.org.imageUrl} alt="" variant="rounded" sx={avatarSx} />
        ) : (
          <Avatar variant="rounded" sx={{ ...avatarSx, bgcolor: 'primary.main' }} aria-hidden>
            {t.org.name.charAt(0).toUpperCase()}
          </Avatar>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} noWrap>
            {t.form.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t.org.name}
          </Typography>
          {updated && (
            <Typography variant="caption" color="text.secondary">
              {tr('updated', values)}
            </Typography>
          )}
        </Box>
        <Chip
          size="small"
          label={state}
          color={stateChipColor(t.state)}
          sx={{ gridColumn: { xs: 2, sm: 3 }, justifySelf: { xs: 'start', sm: 'end' } }}
        />
      </CardActionArea>
    </Card>
  );
}

export function TransactionCardSkeleton() {
  return <Skeleton variant="rounded" height={84} />;
}
