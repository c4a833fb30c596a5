import {
  ORG_API_PATHS,
  type OrgBilling,
  type OrgBillingProfile,
  type OrgCreditOrder,
  type OrgCreditOrderList,
  type OrgInvoice,
} from '@veridocs/shared';
import { api } from '../../app/api';
import { apiRequest } from '../../lib/api-client';

/** Billing's endpoints (ADR 0047): overview, profile, credits orders, invoices. */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing: build.query<OrgBilling, void>({ query: () => ORG_API_PATHS.billing, providesTags: ['Billing'] }),
    saveBillingProfile: build.mutation<OrgBillingProfile, OrgBillingProfile>({
      query: (body) => ({ url: ORG_API_PATHS.billingProfile, method: 'PUT', body }),
      invalidatesTags: ['Billing'],
    }),
    createCreditOrder: build.mutation<OrgCreditOrder, { amount: number }>({
      query: (body) => ({ url: ORG_API_PATHS.creditOrders, method: 'POST', body }),
    }),
    // The latest orders (owner): a pending one keeps its checkout, so a reload can still pay it.
    creditOrders: build.query<OrgCreditOrderList, void>({
      query: () => ORG_API_PATHS.creditOrders,
      providesTags: ['Billing'],
    }),
    creditOrder: build.query<OrgCreditOrder, string>({
      query: (id) => ORG_API_PATHS.creditOrder(id),
      // A paid order changes the balance and the ledger.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        if (data.status === 'paid') dispatch(api.util.invalidateTags(['Billing']));
      },
    }),
    invoices: build.query<{ list: OrgInvoice[] }, void>({
      query: () => ORG_API_PATHS.invoices,
      providesTags: ['Invoices'],
    }),
  }),
});

/** Downloads an invoice's PDF (with the organisation token) and saves it under its number. */
export async function downloadInvoice(invoice: Pick<OrgInvoice, 'id' | 'number'>): Promise<void> {
  const blob = await apiRequest<Blob>(ORG_API_PATHS.invoicePdf(invoice.id), { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
