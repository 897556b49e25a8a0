import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const AccountsOperation = graphql(`
  query RestAccounts {
    accounts { id name phoneNumber status todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow } }
  }
`);

export const BalanceOperation = graphql(`
  query RestBalance {
    balance {
      plan subscriptionEnds
      messages { limit used remaining }
      accounts { limit connected }
    }
  }
`);
