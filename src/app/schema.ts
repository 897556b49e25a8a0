import { builder } from "../core/graphql/builder.js";
import "../features/messages/graphql.js";
import "../features/batches/graphql.js";
import "../features/campaigns/graphql-send-window.js";
import "../features/accounts/graphql-account.js";
import "../features/accounts/graphql-health.js";
import "../features/live/graphql-account-events.js";
import "../features/accounts/graphql-balance.js";
import "../features/live/graphql.js";
import "../features/webhooks/graphql.js";
import "../features/campaigns/graphql-template.js";
import "../features/whatsapp-templates/graphql.js";
import "../features/contacts/graphql.js";
import "../features/inbound/graphql.js";
import "../features/number-links/graphql.js";

export const schema = builder.toSchema();
