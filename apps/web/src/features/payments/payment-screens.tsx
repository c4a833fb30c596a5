import { useLocation } from 'react-router';
import { PATHS } from '../../app/paths';
import ChoosePaymentRegionPage from './choose-payment-region-page';
import FormPaymentsPage from './form-payments-page';
import PaymentPage from './payment-page';
import PaymentRedirectPage from './payment-redirect-page';
import SelectModePage from './select-mode-page';
import TransactionHistoryPage from './transaction-history-page';

const SCREENS: Record<string, () => React.JSX.Element> = {
  [PATHS.payment]: PaymentPage,
  [PATHS.paymentRedirect]: PaymentRedirectPage,
  [PATHS.selectMode]: SelectModePage,
  [PATHS.choosePaymentRegion]: ChoosePaymentRegionPage,
  [PATHS.transactionHistory]: TransactionHistoryPage,
  [PATHS.formPayments]: FormPaymentsPage,
};

/**
 * Every payment route's screen, as one lazy chunk: the router names it once. Each lazy screen the
 * router names adds to the sign-in chunk, which is at its budget (apps/web/scripts/chunk-report.mjs).
 */
export default function PaymentScreens() {
  const Screen = SCREENS[useLocation().pathname.replace(/\/+$/, '') || '/'];
  return Screen ? <Screen /> : null;
}
