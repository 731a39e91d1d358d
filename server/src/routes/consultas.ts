import type { AppDeps } from '../deps';
import type { ApiHandlers } from './handlers';

/** Enquiries: the public forms send them, the owner's inbox reads and answers them. */
export function enquiryRoutes({
  enquiries,
  formTokens,
}: AppDeps): Pick<
  ApiHandlers,
  'getFormToken' | 'sendEnquiry' | 'listEnquiries' | 'setEnquiryStatus' | 'deleteEnquiry' | 'deleteEnquiries'
> {
  return {
    getFormToken: () => ({ token: formTokens.issue() }),
    sendEnquiry: (input, ctx) => enquiries.submit(input, ctx.ip),
    listEnquiries: () => [...enquiries.list()],
    setEnquiryStatus: ({ id, status }) => enquiries.setStatus(id, status),
    deleteEnquiry: ({ id }) => enquiries.remove(id),
    deleteEnquiries: async ({ ids }) => ({ deleted: await enquiries.removeMany(ids) }),
  };
}
