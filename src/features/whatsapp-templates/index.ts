// What the whatsapp-templates feature's rules offer the features above it (.dependency-cruiser.cjs):
// they import them from here (its GraphQL types from graphql.ts, its REST helpers from rest.ts),
// never from its other files, so this list is the whole of what they rely on.

export { checkTemplateMessage } from "./template-messages.js";
export type { CheckedTemplateMessage } from "./template-messages.js";
export { recordTemplateReports } from "./template-status.js";
export type { MetaTemplateReport } from "./template-status.js";
export { syncTemplatesOf, syncTenantTemplates } from "./template-sync.js";
