import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PermIdentityOutlinedIcon from '@mui/icons-material/PermIdentityOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import WorkOutlineIcon from '@mui/icons-material/WorkOutlineOutlined';
import {
  EXPRESS_BUSINESS_DAYS,
  EXPRESS_ITEM_KEY,
  displayedGstPercent,
  formatMoney,
  savingPercent,
  type PaymentInfo,
  type PaymentItem,
} from '@veridocs/shared';
import { useT } from '../../i18n';
import { localiseLabel } from '../../lib/content/config-text/localise-config';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { paymentsCatalog } from './payments-catalog';

const ICONS: Record<string, typeof SchoolOutlinedIcon> = {
  school: SchoolOutlinedIcon,
  work: WorkOutlineIcon,
  home: PlaceOutlinedIcon,
  badge: PermIdentityOutlinedIcon,
  bolt: BoltOutlinedIcon,
};

function ItemIcon({ item }: { item: PaymentItem }) {
  const Icon = (item.icon && ICONS[item.icon]) || VerifiedUserOutlinedIcon;
  return (
    <Avatar
      src={item.iconUrl ?? undefined}
      alt=""
      variant="rounded"
      sx={{ bgcolor: 'action.selected', color: 'primary.main', width: 40, height: 40 }}
    >
      <Icon aria-hidden />
    </Avatar>
  );
}

/** Items with label, description, price and the struck-through mrp when mrp exceeds price (spec §2). */
export function PaymentItems({
  info,
  offers = true,
  level = 'h3',
}: {
  info: PaymentInfo;
  offers?: boolean;
  /** The heading's level: one below the heading the section sits under (the look stays h3's). */
  level?: 'h2' | 'h3';
}) {
  const t = useT(paymentsCatalog);
  const tr = useRuleText();
  const headingId = 'payment-items-heading';
  // The server sends items in English: a verification's label as its config names it, the fast-track
  // line as the quote writes it.
  const labelOf = (item: PaymentItem) =>
    item.key === EXPRESS_ITEM_KEY ? t('fastTrackTitle') : localiseLabel(item.label, tr);
  const descriptionOf = (item: PaymentItem) =>
    item.key === EXPRESS_ITEM_KEY
      ? t('fastTrackBody', { days: EXPRESS_BUSINESS_DAYS })
      : tr(item.description);
  // "Save upto {n}%": the largest saving of an item against its mrp (shared savingPercent).
  const best = offers ? Math.max(0, ...info.items.map(savingPercent)) : 0;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h3" component={level} id={headingId} sx={{ flex: 1 }}>
          {t('itemsHeading')}
        </Typography>
        {best > 0 && <Chip color="success" size="small" label={t('saveUpto', { n: best })} />}
      </Box>
      {offers && info.additionalDiscountPercentage > 0 && (
        <Typography variant="body2" color="success.main" sx={{ fontWeight: 600 }}>
          {t('saveAdditional', { n: info.additionalDiscountPercentage })}
        </Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {info.items.map((item) => (
          <Box
            component="li"
            key={item.key}
            data-testid="payment-item"
            sx={{ listStyle: 'none', display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
          >
            <ItemIcon item={item} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{labelOf(item)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {descriptionOf(item)}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{formatMoney(item.price, info.currency)}</Typography>
              {item.mrp > item.price && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  component="del"
                  aria-label={t('mrp', { amount: formatMoney(item.mrp, info.currency) })}
                  sx={{ display: 'block' }}
                >
                  {formatMoney(item.mrp, info.currency)}
                </Typography>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    // The total's rule is a border, not a Divider: a <dl> holds only its rows (axe definition-list).
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1, mt: 0.25 } : {}),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The billing summary: the items' total, the cart discount, GST with its displayed percentage (spec §9,
 * money.ts) and the amount to pay, all as the server computed them.
 */
export function BillingSummary({
  info,
  totalLabel,
  level = 'h3',
}: {
  info: PaymentInfo;
  totalLabel?: string;
  /** The heading's level: one below the heading the section sits under (the look stays h3's). */
  level?: 'h2' | 'h3';
}) {
  const t = useT(paymentsCatalog);
  const money = (amount: number) => formatMoney(amount, info.currency);
  return (
    <Box component="section" aria-labelledby="billing-summary-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" component={level} id="billing-summary-heading">
        {t('billingSummary')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
        <Row label={t('itemsTotal')} value={money(info.total)} />
        {info.discount.amount > 0 && (
          <Row
            label={t('cartDiscount', { n: info.discount.percentage })}
            value={`−${money(info.discount.amount)}`}
          />
        )}
        <Row label={t('gst', { n: displayedGstPercent(info) })} value={money(info.gst)} />
        <Row label={totalLabel ?? t('toPay')} value={money(info.toPay)} strong />
      </Box>
    </Box>
  );
}
