import { RequestsPage } from './requests-page';

/** /privacy/correction (issue 29): the right to correction (DPDP Act s. 12). */
export default function CorrectionPage() {
  return <RequestsPage kind="correction" />;
}
