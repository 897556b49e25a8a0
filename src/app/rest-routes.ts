import type { AnyRoute } from "../core/rest/route.js";
import { accountRoutes } from "../features/accounts/rest.js";
import { sendWindowRoutes } from "../features/campaigns/window-rest.js";
import { templateRoutes } from "../features/campaigns/template-rest.js";
import { contactRoutes } from "../features/contacts/rest.js";
import { cancelMessageRoutes, messageRoutes, sendRoutes } from "../features/messages/rest.js";
import { batchListRoutes, batchRoutes, bulkRoutes } from "../features/batches/rest.js";
import { inboundRoutes } from "../features/inbound/rest.js";
import { webhookRoutes } from "../features/webhooks/rest.js";
import { whatsappTemplateRoutes } from "../features/whatsapp-templates/rest.js";
import { numberLinkRoutes } from "../features/number-links/rest.js";
import { keyRoutes } from "../features/keys/rest.js";
import { userRoutes } from "../features/users/rest.js";
import { signupRoutes } from "../features/signup/rest.js";
import { chatwootRoutes } from "../features/chatwoot/rest.js";
import { auditRoutes } from "../features/audit/rest.js";
import { erasureRoutes } from "../features/erasure/rest.js";
import { exportRoutes } from "../features/exports/rest.js";
import { billingRoutes } from "../features/billing/rest.js";
import { invoiceRoutes } from "../features/invoices/rest.js";
import { automationRoutes } from "../features/automation/rest.js";

// Every feature's REST routes, in the order the OpenAPI document lists them: the spec's five
// operations first, as the spec orders them.

export const routes: AnyRoute[] = [
  ...sendRoutes,
  ...bulkRoutes,
  ...messageRoutes,
  ...batchRoutes,
  ...accountRoutes,
  ...numberLinkRoutes,
  ...sendWindowRoutes,
  ...cancelMessageRoutes,
  ...batchListRoutes,
  ...webhookRoutes,
  ...templateRoutes,
  ...whatsappTemplateRoutes,
  ...contactRoutes,
  ...erasureRoutes,
  ...inboundRoutes,
  ...keyRoutes,
  ...userRoutes,
  ...signupRoutes,
  ...chatwootRoutes,
  ...auditRoutes,
  ...exportRoutes,
  ...billingRoutes,
  ...invoiceRoutes,
  ...automationRoutes,
];
