import { RequestsPage } from './requests-page';

/** /privacy/grievance (issue 29): a ticket to the grievance officer (DPDP Act s. 13). */
export default function GrievancePage() {
  return <RequestsPage kind="grievance" />;
}
