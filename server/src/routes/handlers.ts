import type { API } from '@cabana/shared/api/contract';
import type { RouteHandlers } from '../http/contract-router';

/** The handlers of the whole contract; each routes module supplies those of its resource. */
export type ApiHandlers = RouteHandlers<typeof API>;
