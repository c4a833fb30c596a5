import { useLocation } from 'react-router';
import { useT } from '../../i18n';
import { OrdersList } from './orders-list';
import { IncompleteLink } from './payment-notice';
import { readPaymentParams } from './payment-params';
import { paymentsCatalog } from './payments-catalog';

/** /form-payments?orgId&txId ("View Transactions" on the form home): that form's orders. */
export default function FormPaymentsPage() {
  const t = useT(paymentsCatalog);
  const { orgId, txnId } = readPaymentParams(useLocation().search);
  if (!orgId || !txnId) return <IncompleteLink />;
  return <OrdersList title={t('formPaymentsHeading')} orgId={orgId} txnId={txnId} />;
}
