/* eslint-disable */
import * as types from './graphql.js';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AutomationRuleContent on AutomationRule {\n    media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n  }\n": typeof types.AutomationRuleContentFragmentDoc,
    "\n  fragment AutomationRuleMenu on AutomationRule {\n    menu {\n      text style button back timeout\n      options { title description reply handover menu { text options { title description reply handover menu { text options { title description reply handover } } } } }\n    }\n  }\n": typeof types.AutomationRuleMenuFragmentDoc,
    "\n  fragment AutomationRuleKept on AutomationRule {\n    botUrl botKind\n    media { type url mimetype filename voice } location { latitude longitude name address } contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language body header { type text url filename } buttons { index type value } }\n  }\n": typeof types.AutomationRuleKeptFragmentDoc,
    "\n  fragment AutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl cooldownSeconds answeredToday\n    ...AutomationRuleMenu\n    ...AutomationRuleKept\n    ...AutomationRuleContent\n  }\n": typeof types.AutomationRuleFieldsFragmentDoc,
    "\n  query ConsoleAutomationRules {\n    automationRules { ...AutomationRuleFields }\n  }\n": typeof types.ConsoleAutomationRulesDocument,
    "\n  mutation ConsoleCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...AutomationRuleFields } }\n  }\n": typeof types.ConsoleCreateAutomationRuleDocument,
    "\n  mutation ConsoleUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...AutomationRuleFields } }\n  }\n": typeof types.ConsoleUpdateAutomationRuleDocument,
    "\n  mutation ConsoleDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { id name } }\n  }\n": typeof types.ConsoleDeleteAutomationRuleDocument,
    "\n  query ConsoleAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { id name } draft text imageUrl handover\n      media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n    }\n  }\n": typeof types.ConsoleAutomationTrialDocument,
    "\n  fragment PlanFields on Plan {\n    name version messagesPerMonth numbers users\n    monthly { net vat total }\n    yearly { net vat total }\n  }\n": typeof types.PlanFieldsFragmentDoc,
    "\n  query ConsolePlans {\n    plans { ...PlanFields }\n    billing { plan { name } }\n  }\n": typeof types.ConsolePlansDocument,
    "\n  query ConsoleBilling {\n    billing {\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan provider renewedByProvider\n      plan { ...PlanFields }\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n    plans { ...PlanFields }\n    topUpPacks { id name messages price { net vat total } }\n  }\n": typeof types.ConsoleBillingDocument,
    "\n  query ConsoleInvoices($first: Int!) {\n    invoices(first: $first) { edges { node { id number kind issuedAt totalHalalas } } }\n  }\n": typeof types.ConsoleInvoicesDocument,
    "\n  mutation ConsoleCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n": typeof types.ConsoleCheckoutDocument,
    "\n  mutation ConsoleChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n": typeof types.ConsoleChangePlanDocument,
    "\n  mutation ConsoleTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n": typeof types.ConsoleTopUpDocument,
    "\n  mutation ConsoleSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n": typeof types.ConsoleSignUpDocument,
    "\n  mutation ConsoleResendVerification {\n    resendVerification { sent }\n  }\n": typeof types.ConsoleResendVerificationDocument,
    "\n  fragment ExportFields on Export {\n    id kind format from to status rowsDone rowsTotal progress bytes error createdAt expiresAt downloadPath\n  }\n": typeof types.ExportFieldsFragmentDoc,
    "\n  query ConsoleExports {\n    exports { ...ExportFields }\n  }\n": typeof types.ConsoleExportsDocument,
    "\n  mutation ConsoleStartExport($input: StartExportInput!) {\n    startExport(input: $input) { export { ...ExportFields } }\n  }\n": typeof types.ConsoleStartExportDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id prefix label scopes state createdAt lastUsedAt expiresAt revokedAt rotatedFromId\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query ConsoleApiKeys {\n    apiKeys { ...ApiKeyFields }\n  }\n": typeof types.ConsoleApiKeysDocument,
    "\n  mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) { secret key { ...ApiKeyFields } }\n  }\n": typeof types.ConsoleCreateApiKeyDocument,
    "\n  mutation ConsoleRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) { key { ...ApiKeyFields } }\n  }\n": typeof types.ConsoleRevokeApiKeyDocument,
    "\n  mutation ConsoleRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) { secret key { ...ApiKeyFields } previous { ...ApiKeyFields } }\n  }\n": typeof types.ConsoleRotateApiKeyDocument,
    "\n  fragment StaffUserFields on StaffUser {\n    id email role state twoFactor lastSignInAt createdAt\n  }\n": typeof types.StaffUserFieldsFragmentDoc,
    "\n  query ConsoleUsers {\n    users { ...StaffUserFields }\n  }\n": typeof types.ConsoleUsersDocument,
    "\n  mutation ConsoleInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n": typeof types.ConsoleInviteUserDocument,
    "\n  mutation ConsoleSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { ...StaffUserFields } }\n  }\n": typeof types.ConsoleSetUserRoleDocument,
    "\n  mutation ConsoleSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { ...StaffUserFields } }\n  }\n": typeof types.ConsoleSetUserDisabledDocument,
    "\n  mutation ConsolePasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n": typeof types.ConsolePasswordLinkDocument,
    "\n  query ConsoleAuditEvents($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, action: $action, actor: $actor, target: $target, since: $since, until: $until) {\n      edges { node { id at action target address actor { kind name label } } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ConsoleAuditEventsDocument,
    "\n  fragment ChatwootBridgeFields on ChatwootBridge {\n    id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n    relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n    failedPosts { id phone kind reason failedAt }\n  }\n": typeof types.ChatwootBridgeFieldsFragmentDoc,
    "\n  query ConsoleChatwootBridge {\n    chatwootBridge { ...ChatwootBridgeFields }\n  }\n": typeof types.ConsoleChatwootBridgeDocument,
    "\n  mutation ConsoleConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) { webhookUrl bridge { ...ChatwootBridgeFields } }\n  }\n": typeof types.ConsoleConnectChatwootDocument,
    "\n  mutation ConsoleDisconnectChatwoot {\n    disconnectChatwoot { bridge { id } }\n  }\n": typeof types.ConsoleDisconnectChatwootDocument,
    "\n  mutation ConsoleRetryChatwootPosts {\n    retryChatwootPosts { retried }\n  }\n": typeof types.ConsoleRetryChatwootPostsDocument,
    "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n": typeof types.ConsoleOverviewDocument,
    "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n": typeof types.ConsoleInboxDocument,
    "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n": typeof types.InboxItemFragmentDoc,
    "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n": typeof types.ConsoleInboxLiveDocument,
    "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n": typeof types.ConsoleOptOutDocument,
    "\n  mutation ConsoleEraseContact($number: String!) {\n    eraseContact(number: $number) { messages inboundMessages }\n  }\n": typeof types.ConsoleEraseContactDocument,
    "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n": typeof types.ConsoleSendSetupDocument,
    "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": typeof types.ConsoleSheetDocument,
    "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n": typeof types.ConsolePreviewDocument,
    "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n": typeof types.ConsoleSendBulkDocument,
    "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n": typeof types.BatchFieldsFragmentDoc,
    "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n": typeof types.ConsoleBatchesDocument,
    "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n": typeof types.ConsoleBatchProgressDocument,
    "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n": typeof types.ConsoleCancelBatchDocument,
    "\n  query ConsoleMessages($first: Int!, $after: String, $status: [MessageStatus!], $to: String, $since: String, $until: String) {\n    messages(first: $first, after: $after, status: $status, to: $to, since: $since, until: $until) {\n      edges { node { id to text status error createdAt sentAt batchId } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ConsoleMessagesDocument,
    "\n  query ConsoleContacts($first: Int!, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { id phone name optedOut optOutReason lastInboundAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ConsoleContactsDocument,
    "\n  mutation ConsoleOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { __typename }\n  }\n": typeof types.ConsoleOptInDocument,
    "\n  mutation ConsoleImportSuppression($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already invalid { __typename } }\n  }\n": typeof types.ConsoleImportSuppressionDocument,
    "\n  query ConsoleTemplates {\n    templates { name text variables updatedAt }\n  }\n": typeof types.ConsoleTemplatesDocument,
    "\n  mutation ConsoleCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name } }\n  }\n": typeof types.ConsoleCreateTemplateDocument,
    "\n  mutation ConsoleUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { name } }\n  }\n": typeof types.ConsoleUpdateTemplateDocument,
    "\n  mutation ConsoleDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) { queuedMessages }\n  }\n": typeof types.ConsoleDeleteTemplateDocument,
    "\n  query ConsoleSettings {\n    sendWindow { days start end timeZone }\n    consentSettings { stopWords useDefaultStopWords defaultStopWords }\n    webhookEndpoints { id url enabled events }\n    webhookDeliveries(first: 20) { edges { node { id endpointId eventType status attempts responseStatus lastError createdAt } } }\n  }\n": typeof types.ConsoleSettingsDocument,
    "\n  mutation ConsoleSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { days start end timeZone } }\n  }\n": typeof types.ConsoleSetSendWindowDocument,
    "\n  mutation ConsoleSetStopWords($stopWords: [String!], $useDefaultStopWords: Boolean) {\n    setConsentSettings(stopWords: $stopWords, useDefaultStopWords: $useDefaultStopWords) { stopWords useDefaultStopWords }\n  }\n": typeof types.ConsoleSetStopWordsDocument,
    "\n  mutation ConsoleCreateWebhook($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url } }\n  }\n": typeof types.ConsoleCreateWebhookDocument,
    "\n  mutation ConsoleReplayDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) { delivery { id status } }\n  }\n": typeof types.ConsoleReplayDeliveryDocument,
    "\n  mutation ConsoleReply($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n": typeof types.ConsoleReplyDocument,
    "\n  fragment ConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n": typeof types.ConnectionFieldsFragmentDoc,
    "\n  query ConsoleNumbers {\n    accounts { id name phoneNumber status state quality messagingTier }\n  }\n": typeof types.ConsoleNumbersDocument,
    "\n  query ConsoleConnection($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n": typeof types.ConsoleConnectionDocument,
    "\n  subscription ConsoleConnectionLive($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n": typeof types.ConsoleConnectionLiveDocument,
    "\n  mutation ConsoleConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...ConnectionFields }\n  }\n": typeof types.ConsoleConnectAccountDocument,
    "\n  mutation ConsolePairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...ConnectionFields }\n  }\n": typeof types.ConsolePairingCodeDocument,
    "\n  mutation ConsoleRelink($id: Int!) {\n    relinkAccount(id: $id) { ...ConnectionFields }\n  }\n": typeof types.ConsoleRelinkDocument,
    "\n  mutation ConsoleRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n": typeof types.ConsoleRemoveAccountDocument,
    "\n  query ConsoleEmbeddedSignup {\n    embeddedSignup { appId configId graphVersion }\n  }\n": typeof types.ConsoleEmbeddedSignupDocument,
    "\n  fragment WhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n": typeof types.WhatsAppTemplateFieldsFragmentDoc,
    "\n  query ConsoleWhatsAppTemplates {\n    whatsappTemplates { ...WhatsAppTemplateFields }\n    accounts { id name phoneNumber capabilities { channel } }\n  }\n": typeof types.ConsoleWhatsAppTemplatesDocument,
    "\n  mutation ConsoleSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n": typeof types.ConsoleSyncWhatsAppTemplatesDocument,
    "\n  mutation ConsoleSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...WhatsAppTemplateFields }\n  }\n": typeof types.ConsoleSubmitWhatsAppTemplateDocument,
};
const documents: Documents = {
    "\n  fragment AutomationRuleContent on AutomationRule {\n    media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n  }\n": types.AutomationRuleContentFragmentDoc,
    "\n  fragment AutomationRuleMenu on AutomationRule {\n    menu {\n      text style button back timeout\n      options { title description reply handover menu { text options { title description reply handover menu { text options { title description reply handover } } } } }\n    }\n  }\n": types.AutomationRuleMenuFragmentDoc,
    "\n  fragment AutomationRuleKept on AutomationRule {\n    botUrl botKind\n    media { type url mimetype filename voice } location { latitude longitude name address } contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language body header { type text url filename } buttons { index type value } }\n  }\n": types.AutomationRuleKeptFragmentDoc,
    "\n  fragment AutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl cooldownSeconds answeredToday\n    ...AutomationRuleMenu\n    ...AutomationRuleKept\n    ...AutomationRuleContent\n  }\n": types.AutomationRuleFieldsFragmentDoc,
    "\n  query ConsoleAutomationRules {\n    automationRules { ...AutomationRuleFields }\n  }\n": types.ConsoleAutomationRulesDocument,
    "\n  mutation ConsoleCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...AutomationRuleFields } }\n  }\n": types.ConsoleCreateAutomationRuleDocument,
    "\n  mutation ConsoleUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...AutomationRuleFields } }\n  }\n": types.ConsoleUpdateAutomationRuleDocument,
    "\n  mutation ConsoleDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { id name } }\n  }\n": types.ConsoleDeleteAutomationRuleDocument,
    "\n  query ConsoleAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { id name } draft text imageUrl handover\n      media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n    }\n  }\n": types.ConsoleAutomationTrialDocument,
    "\n  fragment PlanFields on Plan {\n    name version messagesPerMonth numbers users\n    monthly { net vat total }\n    yearly { net vat total }\n  }\n": types.PlanFieldsFragmentDoc,
    "\n  query ConsolePlans {\n    plans { ...PlanFields }\n    billing { plan { name } }\n  }\n": types.ConsolePlansDocument,
    "\n  query ConsoleBilling {\n    billing {\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan provider renewedByProvider\n      plan { ...PlanFields }\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n    plans { ...PlanFields }\n    topUpPacks { id name messages price { net vat total } }\n  }\n": types.ConsoleBillingDocument,
    "\n  query ConsoleInvoices($first: Int!) {\n    invoices(first: $first) { edges { node { id number kind issuedAt totalHalalas } } }\n  }\n": types.ConsoleInvoicesDocument,
    "\n  mutation ConsoleCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n": types.ConsoleCheckoutDocument,
    "\n  mutation ConsoleChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n": types.ConsoleChangePlanDocument,
    "\n  mutation ConsoleTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n": types.ConsoleTopUpDocument,
    "\n  mutation ConsoleSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n": types.ConsoleSignUpDocument,
    "\n  mutation ConsoleResendVerification {\n    resendVerification { sent }\n  }\n": types.ConsoleResendVerificationDocument,
    "\n  fragment ExportFields on Export {\n    id kind format from to status rowsDone rowsTotal progress bytes error createdAt expiresAt downloadPath\n  }\n": types.ExportFieldsFragmentDoc,
    "\n  query ConsoleExports {\n    exports { ...ExportFields }\n  }\n": types.ConsoleExportsDocument,
    "\n  mutation ConsoleStartExport($input: StartExportInput!) {\n    startExport(input: $input) { export { ...ExportFields } }\n  }\n": types.ConsoleStartExportDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id prefix label scopes state createdAt lastUsedAt expiresAt revokedAt rotatedFromId\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query ConsoleApiKeys {\n    apiKeys { ...ApiKeyFields }\n  }\n": types.ConsoleApiKeysDocument,
    "\n  mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) { secret key { ...ApiKeyFields } }\n  }\n": types.ConsoleCreateApiKeyDocument,
    "\n  mutation ConsoleRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) { key { ...ApiKeyFields } }\n  }\n": types.ConsoleRevokeApiKeyDocument,
    "\n  mutation ConsoleRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) { secret key { ...ApiKeyFields } previous { ...ApiKeyFields } }\n  }\n": types.ConsoleRotateApiKeyDocument,
    "\n  fragment StaffUserFields on StaffUser {\n    id email role state twoFactor lastSignInAt createdAt\n  }\n": types.StaffUserFieldsFragmentDoc,
    "\n  query ConsoleUsers {\n    users { ...StaffUserFields }\n  }\n": types.ConsoleUsersDocument,
    "\n  mutation ConsoleInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n": types.ConsoleInviteUserDocument,
    "\n  mutation ConsoleSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { ...StaffUserFields } }\n  }\n": types.ConsoleSetUserRoleDocument,
    "\n  mutation ConsoleSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { ...StaffUserFields } }\n  }\n": types.ConsoleSetUserDisabledDocument,
    "\n  mutation ConsolePasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n": types.ConsolePasswordLinkDocument,
    "\n  query ConsoleAuditEvents($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, action: $action, actor: $actor, target: $target, since: $since, until: $until) {\n      edges { node { id at action target address actor { kind name label } } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ConsoleAuditEventsDocument,
    "\n  fragment ChatwootBridgeFields on ChatwootBridge {\n    id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n    relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n    failedPosts { id phone kind reason failedAt }\n  }\n": types.ChatwootBridgeFieldsFragmentDoc,
    "\n  query ConsoleChatwootBridge {\n    chatwootBridge { ...ChatwootBridgeFields }\n  }\n": types.ConsoleChatwootBridgeDocument,
    "\n  mutation ConsoleConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) { webhookUrl bridge { ...ChatwootBridgeFields } }\n  }\n": types.ConsoleConnectChatwootDocument,
    "\n  mutation ConsoleDisconnectChatwoot {\n    disconnectChatwoot { bridge { id } }\n  }\n": types.ConsoleDisconnectChatwootDocument,
    "\n  mutation ConsoleRetryChatwootPosts {\n    retryChatwootPosts { retried }\n  }\n": types.ConsoleRetryChatwootPostsDocument,
    "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n": types.ConsoleOverviewDocument,
    "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n": types.ConsoleInboxDocument,
    "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n": types.InboxItemFragmentDoc,
    "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n": types.ConsoleInboxLiveDocument,
    "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n": types.ConsoleOptOutDocument,
    "\n  mutation ConsoleEraseContact($number: String!) {\n    eraseContact(number: $number) { messages inboundMessages }\n  }\n": types.ConsoleEraseContactDocument,
    "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n": types.ConsoleSendSetupDocument,
    "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": types.ConsoleSheetDocument,
    "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n": types.ConsolePreviewDocument,
    "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n": types.ConsoleSendBulkDocument,
    "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n": types.BatchFieldsFragmentDoc,
    "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n": types.ConsoleBatchesDocument,
    "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n": types.ConsoleBatchProgressDocument,
    "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n": types.ConsoleCancelBatchDocument,
    "\n  query ConsoleMessages($first: Int!, $after: String, $status: [MessageStatus!], $to: String, $since: String, $until: String) {\n    messages(first: $first, after: $after, status: $status, to: $to, since: $since, until: $until) {\n      edges { node { id to text status error createdAt sentAt batchId } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ConsoleMessagesDocument,
    "\n  query ConsoleContacts($first: Int!, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { id phone name optedOut optOutReason lastInboundAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ConsoleContactsDocument,
    "\n  mutation ConsoleOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { __typename }\n  }\n": types.ConsoleOptInDocument,
    "\n  mutation ConsoleImportSuppression($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already invalid { __typename } }\n  }\n": types.ConsoleImportSuppressionDocument,
    "\n  query ConsoleTemplates {\n    templates { name text variables updatedAt }\n  }\n": types.ConsoleTemplatesDocument,
    "\n  mutation ConsoleCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name } }\n  }\n": types.ConsoleCreateTemplateDocument,
    "\n  mutation ConsoleUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { name } }\n  }\n": types.ConsoleUpdateTemplateDocument,
    "\n  mutation ConsoleDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) { queuedMessages }\n  }\n": types.ConsoleDeleteTemplateDocument,
    "\n  query ConsoleSettings {\n    sendWindow { days start end timeZone }\n    consentSettings { stopWords useDefaultStopWords defaultStopWords }\n    webhookEndpoints { id url enabled events }\n    webhookDeliveries(first: 20) { edges { node { id endpointId eventType status attempts responseStatus lastError createdAt } } }\n  }\n": types.ConsoleSettingsDocument,
    "\n  mutation ConsoleSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { days start end timeZone } }\n  }\n": types.ConsoleSetSendWindowDocument,
    "\n  mutation ConsoleSetStopWords($stopWords: [String!], $useDefaultStopWords: Boolean) {\n    setConsentSettings(stopWords: $stopWords, useDefaultStopWords: $useDefaultStopWords) { stopWords useDefaultStopWords }\n  }\n": types.ConsoleSetStopWordsDocument,
    "\n  mutation ConsoleCreateWebhook($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url } }\n  }\n": types.ConsoleCreateWebhookDocument,
    "\n  mutation ConsoleReplayDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) { delivery { id status } }\n  }\n": types.ConsoleReplayDeliveryDocument,
    "\n  mutation ConsoleReply($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n": types.ConsoleReplyDocument,
    "\n  fragment ConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n": types.ConnectionFieldsFragmentDoc,
    "\n  query ConsoleNumbers {\n    accounts { id name phoneNumber status state quality messagingTier }\n  }\n": types.ConsoleNumbersDocument,
    "\n  query ConsoleConnection($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n": types.ConsoleConnectionDocument,
    "\n  subscription ConsoleConnectionLive($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n": types.ConsoleConnectionLiveDocument,
    "\n  mutation ConsoleConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...ConnectionFields }\n  }\n": types.ConsoleConnectAccountDocument,
    "\n  mutation ConsolePairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...ConnectionFields }\n  }\n": types.ConsolePairingCodeDocument,
    "\n  mutation ConsoleRelink($id: Int!) {\n    relinkAccount(id: $id) { ...ConnectionFields }\n  }\n": types.ConsoleRelinkDocument,
    "\n  mutation ConsoleRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n": types.ConsoleRemoveAccountDocument,
    "\n  query ConsoleEmbeddedSignup {\n    embeddedSignup { appId configId graphVersion }\n  }\n": types.ConsoleEmbeddedSignupDocument,
    "\n  fragment WhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n": types.WhatsAppTemplateFieldsFragmentDoc,
    "\n  query ConsoleWhatsAppTemplates {\n    whatsappTemplates { ...WhatsAppTemplateFields }\n    accounts { id name phoneNumber capabilities { channel } }\n  }\n": types.ConsoleWhatsAppTemplatesDocument,
    "\n  mutation ConsoleSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n": types.ConsoleSyncWhatsAppTemplatesDocument,
    "\n  mutation ConsoleSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...WhatsAppTemplateFields }\n  }\n": types.ConsoleSubmitWhatsAppTemplateDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationRuleContent on AutomationRule {\n    media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n  }\n"): typeof import('./graphql.js').AutomationRuleContentFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationRuleMenu on AutomationRule {\n    menu {\n      text style button back timeout\n      options { title description reply handover menu { text options { title description reply handover menu { text options { title description reply handover } } } } }\n    }\n  }\n"): typeof import('./graphql.js').AutomationRuleMenuFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationRuleKept on AutomationRule {\n    botUrl botKind\n    media { type url mimetype filename voice } location { latitude longitude name address } contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language body header { type text url filename } buttons { index type value } }\n  }\n"): typeof import('./graphql.js').AutomationRuleKeptFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl cooldownSeconds answeredToday\n    ...AutomationRuleMenu\n    ...AutomationRuleKept\n    ...AutomationRuleContent\n  }\n"): typeof import('./graphql.js').AutomationRuleFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleAutomationRules {\n    automationRules { ...AutomationRuleFields }\n  }\n"): typeof import('./graphql.js').ConsoleAutomationRulesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...AutomationRuleFields } }\n  }\n"): typeof import('./graphql.js').ConsoleCreateAutomationRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...AutomationRuleFields } }\n  }\n"): typeof import('./graphql.js').ConsoleUpdateAutomationRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { id name } }\n  }\n"): typeof import('./graphql.js').ConsoleDeleteAutomationRuleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { id name } draft text imageUrl handover\n      media { type url } location { name } contacts { name } interactive { buttons { title } list { button } } whatsappTemplate { name language }\n    }\n  }\n"): typeof import('./graphql.js').ConsoleAutomationTrialDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanFields on Plan {\n    name version messagesPerMonth numbers users\n    monthly { net vat total }\n    yearly { net vat total }\n  }\n"): typeof import('./graphql.js').PlanFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsolePlans {\n    plans { ...PlanFields }\n    billing { plan { name } }\n  }\n"): typeof import('./graphql.js').ConsolePlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleBilling {\n    billing {\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan provider renewedByProvider\n      plan { ...PlanFields }\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n    plans { ...PlanFields }\n    topUpPacks { id name messages price { net vat total } }\n  }\n"): typeof import('./graphql.js').ConsoleBillingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleInvoices($first: Int!) {\n    invoices(first: $first) { edges { node { id number kind issuedAt totalHalalas } } }\n  }\n"): typeof import('./graphql.js').ConsoleInvoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n"): typeof import('./graphql.js').ConsoleCheckoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n"): typeof import('./graphql.js').ConsoleChangePlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n"): typeof import('./graphql.js').ConsoleTopUpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n"): typeof import('./graphql.js').ConsoleSignUpDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleResendVerification {\n    resendVerification { sent }\n  }\n"): typeof import('./graphql.js').ConsoleResendVerificationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ExportFields on Export {\n    id kind format from to status rowsDone rowsTotal progress bytes error createdAt expiresAt downloadPath\n  }\n"): typeof import('./graphql.js').ExportFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleExports {\n    exports { ...ExportFields }\n  }\n"): typeof import('./graphql.js').ConsoleExportsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleStartExport($input: StartExportInput!) {\n    startExport(input: $input) { export { ...ExportFields } }\n  }\n"): typeof import('./graphql.js').ConsoleStartExportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id prefix label scopes state createdAt lastUsedAt expiresAt revokedAt rotatedFromId\n  }\n"): typeof import('./graphql.js').ApiKeyFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleApiKeys {\n    apiKeys { ...ApiKeyFields }\n  }\n"): typeof import('./graphql.js').ConsoleApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) { secret key { ...ApiKeyFields } }\n  }\n"): typeof import('./graphql.js').ConsoleCreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) { key { ...ApiKeyFields } }\n  }\n"): typeof import('./graphql.js').ConsoleRevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) { secret key { ...ApiKeyFields } previous { ...ApiKeyFields } }\n  }\n"): typeof import('./graphql.js').ConsoleRotateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StaffUserFields on StaffUser {\n    id email role state twoFactor lastSignInAt createdAt\n  }\n"): typeof import('./graphql.js').StaffUserFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleUsers {\n    users { ...StaffUserFields }\n  }\n"): typeof import('./graphql.js').ConsoleUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n"): typeof import('./graphql.js').ConsoleInviteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { ...StaffUserFields } }\n  }\n"): typeof import('./graphql.js').ConsoleSetUserRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { ...StaffUserFields } }\n  }\n"): typeof import('./graphql.js').ConsoleSetUserDisabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsolePasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) { link linkExpiresAt user { ...StaffUserFields } }\n  }\n"): typeof import('./graphql.js').ConsolePasswordLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleAuditEvents($first: Int!, $after: String, $action: String, $actor: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, action: $action, actor: $actor, target: $target, since: $since, until: $until) {\n      edges { node { id at action target address actor { kind name label } } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): typeof import('./graphql.js').ConsoleAuditEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ChatwootBridgeFields on ChatwootBridge {\n    id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n    relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n    failedPosts { id phone kind reason failedAt }\n  }\n"): typeof import('./graphql.js').ChatwootBridgeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleChatwootBridge {\n    chatwootBridge { ...ChatwootBridgeFields }\n  }\n"): typeof import('./graphql.js').ConsoleChatwootBridgeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) { webhookUrl bridge { ...ChatwootBridgeFields } }\n  }\n"): typeof import('./graphql.js').ConsoleConnectChatwootDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDisconnectChatwoot {\n    disconnectChatwoot { bridge { id } }\n  }\n"): typeof import('./graphql.js').ConsoleDisconnectChatwootDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRetryChatwootPosts {\n    retryChatwootPosts { retried }\n  }\n"): typeof import('./graphql.js').ConsoleRetryChatwootPostsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }\n    sendWindow { timeZone }\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n"): typeof import('./graphql.js').ConsoleOverviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleInbox($first: Int!) {\n    inboundMessages(first: $first) { edges { node { ...InboxItem } } }\n  }\n"): typeof import('./graphql.js').ConsoleInboxDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment InboxItem on InboundMessage {\n    id from text type optOut receivedAt accountId\n    inReplyTo { id text }\n  }\n"): typeof import('./graphql.js').InboxItemFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConsoleInboxLive {\n    inboundMessages { ...InboxItem }\n  }\n"): typeof import('./graphql.js').ConsoleInboxLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already }\n  }\n"): typeof import('./graphql.js').ConsoleOptOutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleEraseContact($number: String!) {\n    eraseContact(number: $number) { messages inboundMessages }\n  }\n"): typeof import('./graphql.js').ConsoleEraseContactDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSendSetup {\n    templates { name text variables }\n    accounts { id name phoneNumber state }\n  }\n"): typeof import('./graphql.js').ConsoleSendSetupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n"): typeof import('./graphql.js').ConsoleSheetDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsolePreview($input: SendBulkInput!) {\n    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }\n  }\n"): typeof import('./graphql.js').ConsolePreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued skipped { to reason } }\n  }\n"): typeof import('./graphql.js').ConsoleSendBulkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BatchFields on Batch {\n    id total text createdAt sendAt state finished\n    counts { pending sending sent failed cancelled optedOut delivered read replies }\n  }\n"): typeof import('./graphql.js').BatchFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleBatches($first: Int!, $state: BatchState) {\n    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }\n  }\n"): typeof import('./graphql.js').ConsoleBatchesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConsoleBatchProgress($id: ID!) {\n    batchProgress(id: $id) { ...BatchFields }\n  }\n"): typeof import('./graphql.js').ConsoleBatchProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCancelBatch($id: ID!) {\n    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }\n  }\n"): typeof import('./graphql.js').ConsoleCancelBatchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleMessages($first: Int!, $after: String, $status: [MessageStatus!], $to: String, $since: String, $until: String) {\n    messages(first: $first, after: $after, status: $status, to: $to, since: $since, until: $until) {\n      edges { node { id to text status error createdAt sentAt batchId } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): typeof import('./graphql.js').ConsoleMessagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleContacts($first: Int!, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { id phone name optedOut optOutReason lastInboundAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): typeof import('./graphql.js').ConsoleContactsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { __typename }\n  }\n"): typeof import('./graphql.js').ConsoleOptInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleImportSuppression($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already invalid { __typename } }\n  }\n"): typeof import('./graphql.js').ConsoleImportSuppressionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleTemplates {\n    templates { name text variables updatedAt }\n  }\n"): typeof import('./graphql.js').ConsoleTemplatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name } }\n  }\n"): typeof import('./graphql.js').ConsoleCreateTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { name } }\n  }\n"): typeof import('./graphql.js').ConsoleUpdateTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) { queuedMessages }\n  }\n"): typeof import('./graphql.js').ConsoleDeleteTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleSettings {\n    sendWindow { days start end timeZone }\n    consentSettings { stopWords useDefaultStopWords defaultStopWords }\n    webhookEndpoints { id url enabled events }\n    webhookDeliveries(first: 20) { edges { node { id endpointId eventType status attempts responseStatus lastError createdAt } } }\n  }\n"): typeof import('./graphql.js').ConsoleSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { days start end timeZone } }\n  }\n"): typeof import('./graphql.js').ConsoleSetSendWindowDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSetStopWords($stopWords: [String!], $useDefaultStopWords: Boolean) {\n    setConsentSettings(stopWords: $stopWords, useDefaultStopWords: $useDefaultStopWords) { stopWords useDefaultStopWords }\n  }\n"): typeof import('./graphql.js').ConsoleSetStopWordsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleCreateWebhook($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url } }\n  }\n"): typeof import('./graphql.js').ConsoleCreateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleReplayDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) { delivery { id status } }\n  }\n"): typeof import('./graphql.js').ConsoleReplayDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleReply($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n"): typeof import('./graphql.js').ConsoleReplyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n"): typeof import('./graphql.js').ConnectionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleNumbers {\n    accounts { id name phoneNumber status state quality messagingTier }\n  }\n"): typeof import('./graphql.js').ConsoleNumbersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleConnection($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n"): typeof import('./graphql.js').ConsoleConnectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConsoleConnectionLive($id: Int!) {\n    accountConnection(id: $id) { ...ConnectionFields }\n  }\n"): typeof import('./graphql.js').ConsoleConnectionLiveDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...ConnectionFields }\n  }\n"): typeof import('./graphql.js').ConsoleConnectAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsolePairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...ConnectionFields }\n  }\n"): typeof import('./graphql.js').ConsolePairingCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRelink($id: Int!) {\n    relinkAccount(id: $id) { ...ConnectionFields }\n  }\n"): typeof import('./graphql.js').ConsoleRelinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n"): typeof import('./graphql.js').ConsoleRemoveAccountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleEmbeddedSignup {\n    embeddedSignup { appId configId graphVersion }\n  }\n"): typeof import('./graphql.js').ConsoleEmbeddedSignupDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n"): typeof import('./graphql.js').WhatsAppTemplateFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConsoleWhatsAppTemplates {\n    whatsappTemplates { ...WhatsAppTemplateFields }\n    accounts { id name phoneNumber capabilities { channel } }\n  }\n"): typeof import('./graphql.js').ConsoleWhatsAppTemplatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n"): typeof import('./graphql.js').ConsoleSyncWhatsAppTemplatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConsoleSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...WhatsAppTemplateFields }\n  }\n"): typeof import('./graphql.js').ConsoleSubmitWhatsAppTemplateDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
