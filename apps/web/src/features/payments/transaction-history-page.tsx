import { useT } from '../../i18n';
import { OrdersList } from './orders-list';
import { paymentsCatalog } from './payments-catalog';

/** /transaction-history ("Payments" in the navigation): every order of the candidate, paged. */
export default function TransactionHistoryPage() {
  const t = useT(paymentsCatalog);
  return <OrdersList title={t('historyHeading')} />;
}
