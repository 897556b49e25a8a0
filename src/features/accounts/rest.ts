import { route, type AnyRoute } from "../../core/rest/route.js";
import * as shapes from "./rest-schemas.js";
import { AccountsOperation, BalanceOperation } from "./operations.js";

// The tenant's numbers and allowance on the REST facade.

/** GET /accounts and GET /balance. */
export const accountRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: /^\/accounts$/,
    doc: { path: "/accounts", operationId: "listAccounts", summary: "Your sender numbers and their counts", tag: "Account", errors: [] },
    answer: shapes.accountsResponse,
    operation: AccountsOperation,
    variables: () => ({}),
    respond: ({ accounts }) => ({
      accounts: accounts.map((a) => ({
        id: a.id,
        name: a.name,
        phone_number: a.phoneNumber,
        status: a.status,
        today_sent: a.todaySent,
        month_sent: a.monthSent,
        daily_limit: a.dailyLimit,
        monthly_limit: a.monthlyLimit,
        capabilities: { channel: a.capabilities.channel, kinds: a.capabilities.kinds, customer_window: a.capabilities.customerWindow },
      })),
    }),
  }),
  route({
    method: "GET",
    path: /^\/balance$/,
    doc: { path: "/balance", operationId: "getBalance", summary: "Plan, allowance and connected numbers", tag: "Account", errors: [] },
    answer: shapes.balanceResponse,
    operation: BalanceOperation,
    variables: () => ({}),
    respond: ({ balance: b }) => ({ plan: b.plan, subscription_ends: b.subscriptionEnds, messages: b.messages, accounts: b.accounts }),
  }),
];
