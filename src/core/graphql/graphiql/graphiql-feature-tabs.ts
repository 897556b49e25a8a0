import type { GraphiQLTab } from "./graphiql-tab.js";
import { richMessagesTab } from "./graphiql-rich-examples.js";
import { numberHealthTab } from "./graphiql-health-examples.js";
import { connectingNumbersTab } from "./graphiql-number-examples.js";
import { accessTab } from "./graphiql-access-examples.js";
import { chatwootTab } from "./graphiql-chatwoot-examples.js";
import { automationTab } from "./graphiql-automation-examples.js";
import { exportsTab, privacyTab } from "./graphiql-export-examples.js";
import { billingTab } from "./graphiql-billing-examples.js";

/** The tabs after sending, messages, webhooks, campaigns and contacts: a file per feature, in the guides' order. */
export const featureTabs: GraphiQLTab[] = [richMessagesTab, numberHealthTab, connectingNumbersTab, accessTab, chatwootTab, automationTab, exportsTab, privacyTab, billingTab];
