import { PageLoader } from '../../components/page-loader/page-loader';

/** /verification?orgId&txnId&name: one verification's form (first version; the form follows). */
export default function VerificationPage() {
  return <PageLoader />;
}
