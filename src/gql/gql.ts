/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

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
    "\n  mutation HistorySend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n": typeof types.HistorySendDocument,
    "\n  query HistoryMessages($first: Int!) {\n    messages(first: $first) { edges { node { id to text status error createdAt sentAt batchId } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.HistoryMessagesDocument,
    "\n  mutation BenchSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status } }\n  }\n": typeof types.BenchSendDocument,
    "\n  mutation ExampleSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": typeof types.ExampleSendMessageDocument,
    "\n  subscription ExampleFollowMessage($id: ID!) {\n    messageStatus(id: $id) {\n      type\n      status\n      at\n      message { sentAt deliveredAt readAt error }\n    }\n  }\n": typeof types.ExampleFollowMessageDocument,
    "\n  query RestAccounts {\n    accounts { ...RestAccountFields }\n  }\n": typeof types.RestAccountsDocument,
    "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n": typeof types.RestBalanceDocument,
    "\n  fragment RestAccountFields on Account {\n    id name phoneNumber status state stateReason stateSince stateUntil slowedUntil slowFactor messagingTier quality\n    todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow }\n    warmUp { startedOn day todayLimit ramp firstContactCap firstContactsToday }\n  }\n": typeof types.RestAccountFieldsFragmentDoc,
    "\n  query RestAccountHealth($id: Int!) {\n    accountHealth(id: $id) {\n      account { ...RestAccountFields }\n      last24h { ...RestHealthFigures }\n      last7d { ...RestHealthFigures }\n      thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n      changes { eventId fromState state reason signal until at }\n    }\n  }\n  fragment RestHealthFigures on HealthFigures {\n    sent failed undeliverable optOuts replies blockSignals failureRate undeliverableRate optOutRate replyRate\n  }\n": typeof types.RestAccountHealthDocument,
    "\n  mutation RestResumeAccount($id: Int!) {\n    resumeAccount(id: $id) { ...RestAccountFields }\n  }\n": typeof types.RestResumeAccountDocument,
    "\n  mutation RestSetWarmUp($id: Int!, $input: WarmUpInput!) {\n    setWarmUp(id: $id, input: $input) { ...RestAccountFields }\n  }\n": typeof types.RestSetWarmUpDocument,
    "\n  query RestHealthThresholds {\n    healthThresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n": typeof types.RestHealthThresholdsDocument,
    "\n  mutation RestSetHealthThresholds($input: HealthThresholdsInput!) {\n    setHealthThresholds(input: $input) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n": typeof types.RestSetHealthThresholdsDocument,
    "\n  query RestAuditEvents($first: Int, $after: String, $actor: String, $action: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, actor: $actor, action: $action, target: $target, since: $since, until: $until) {\n      edges {\n        node { id at actor { kind name label } action target before after address userAgent requestId hash prevHash }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestAuditEventsDocument,
    "\n  fragment RestAutomationMenuOptionFields on AutomationMenuOption {\n    title description reply handover\n  }\n": typeof types.RestAutomationMenuOptionFieldsFragmentDoc,
    "\n  fragment RestAutomationMenuFields on AutomationMenu {\n    text style button back timeout\n    options {\n      ...RestAutomationMenuOptionFields\n      menu {\n        text\n        options {\n          ...RestAutomationMenuOptionFields\n          menu { text options { ...RestAutomationMenuOptionFields } }\n        }\n      }\n    }\n  }\n": typeof types.RestAutomationMenuFieldsFragmentDoc,
    "\n  fragment RestRuleContentFields on AutomationRule {\n    media { type url filename mimetype voice }\n    location { latitude longitude name address }\n    contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n  }\n": typeof types.RestRuleContentFieldsFragmentDoc,
    "\n  fragment RestAutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl ...RestRuleContentFields botUrl botKind menu { ...RestAutomationMenuFields } cooldownSeconds createdAt updatedAt\n  }\n": typeof types.RestAutomationRuleFieldsFragmentDoc,
    "\n  query RestAutomationRules {\n    automationRules { ...RestAutomationRuleFields }\n  }\n": typeof types.RestAutomationRulesDocument,
    "\n  query RestAutomationRule($id: ID!) {\n    automationRule(id: $id) { ...RestAutomationRuleFields }\n  }\n": typeof types.RestAutomationRuleDocument,
    "\n  mutation RestCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n": typeof types.RestCreateAutomationRuleDocument,
    "\n  mutation RestUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n": typeof types.RestUpdateAutomationRuleDocument,
    "\n  mutation RestDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { ...RestAutomationRuleFields } }\n  }\n": typeof types.RestDeleteAutomationRuleDocument,
    "\n  query RestAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { ...RestAutomationRuleFields } draft text imageUrl handover\n      media { type url filename mimetype voice }\n      location { latitude longitude name address }\n      contacts { name phones emails organization }\n      interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n      whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n    }\n  }\n": typeof types.RestAutomationTrialDocument,
    "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued sendAt\n      messages { id to }\n      skipped { to reason }\n    }\n  }\n": typeof types.RestSendBulkDocument,
    "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      ...RestBatchSummary\n      messages { id to status sentAt error }\n    }\n  }\n": typeof types.RestBatchDocument,
    "\n  fragment RestBatchSummary on Batch {\n    id total finished state priority sendAt createdAt firstSentAt lastSentAt\n    counts { pending sending sent failed cancelled expired optedOut delivered read replies }\n  }\n": typeof types.RestBatchSummaryFragmentDoc,
    "\n  query RestBatches($first: Int, $after: String, $state: BatchState) {\n    batches(first: $first, after: $after, state: $state) {\n      edges { node { ...RestBatchSummary } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestBatchesDocument,
    "\n  mutation RestCancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      cancelled\n      inFlight\n      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }\n    }\n  }\n": typeof types.RestCancelBatchDocument,
    "\n  query RestPlans {\n    plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n  }\n": typeof types.RestPlansDocument,
    "\n  query RestBilling {\n    billing {\n      plan { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n  }\n": typeof types.RestBillingDocument,
    "\n  mutation RestCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n": typeof types.RestCheckoutDocument,
    "\n  mutation RestChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n": typeof types.RestChangePlanDocument,
    "\n  mutation RestTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n": typeof types.RestTopUpDocument,
    "\n  fragment RestTemplateFields on Template { id name text imageUrl variables createdAt updatedAt }\n": typeof types.RestTemplateFieldsFragmentDoc,
    "\n  query RestTemplates {\n    templates { ...RestTemplateFields }\n  }\n": typeof types.RestTemplatesDocument,
    "\n  query RestTemplate($name: String!) {\n    template(name: $name) { ...RestTemplateFields }\n  }\n": typeof types.RestTemplateDocument,
    "\n  mutation RestCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { ...RestTemplateFields } }\n  }\n": typeof types.RestCreateTemplateDocument,
    "\n  mutation RestUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { ...RestTemplateFields } }\n  }\n": typeof types.RestUpdateTemplateDocument,
    "\n  mutation RestDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) {\n      queuedMessages\n      template { ...RestTemplateFields }\n    }\n  }\n": typeof types.RestDeleteTemplateDocument,
    "\n  query RestSendWindow {\n    sendWindow { timeZone days start end }\n  }\n": typeof types.RestSendWindowDocument,
    "\n  mutation RestSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { timeZone days start end } }\n  }\n": typeof types.RestSetSendWindowDocument,
    "\n  query RestChatwootBridge {\n    chatwootBridge {\n      id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n      relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n      failedPosts { id phone kind inboundMessageId reason attempts createdAt failedAt }\n    }\n  }\n": typeof types.RestChatwootBridgeDocument,
    "\n  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) {\n      webhookUrl\n      bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt }\n    }\n  }\n": typeof types.RestConnectChatwootDocument,
    "\n  mutation RestRetryChatwootPosts($ids: [ID!]) {\n    retryChatwootPosts(ids: $ids) { retried }\n  }\n": typeof types.RestRetryChatwootPostsDocument,
    "\n  mutation RestDisconnectChatwoot {\n    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt } }\n  }\n": typeof types.RestDisconnectChatwootDocument,
    "\n  fragment RestContactFields on Contact {\n    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason windows { accountId openUntil open }\n  }\n": typeof types.RestContactFieldsFragmentDoc,
    "\n  fragment RestConsentSettingsFields on ConsentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n": typeof types.RestConsentSettingsFieldsFragmentDoc,
    "\n  query RestContacts($first: Int, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { ...RestContactFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestContactsDocument,
    "\n  query RestContact($phone: String!) {\n    contact(phone: $phone) { ...RestContactFields }\n  }\n": typeof types.RestContactDocument,
    "\n  mutation RestSetContactName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { ...RestContactFields }\n  }\n": typeof types.RestSetContactNameDocument,
    "\n  mutation RestOptOutContacts($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": typeof types.RestOptOutContactsDocument,
    "\n  mutation RestImportSuppressionList($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": typeof types.RestImportSuppressionListDocument,
    "\n  mutation RestOptInContacts($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n": typeof types.RestOptInContactsDocument,
    "\n  query RestConsentSettings {\n    consentSettings { ...RestConsentSettingsFields }\n  }\n": typeof types.RestConsentSettingsDocument,
    "\n  mutation RestSetConsentSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      ...RestConsentSettingsFields\n    }\n  }\n": typeof types.RestSetConsentSettingsDocument,
    "\n  mutation RestEraseContact($number: String!) {\n    eraseContact(number: $number) {\n      erasureId messages inboundMessages contacts cancelled inFlight webhookDeliveries idempotencyRecords batches auditEvents chatwootRecords suppressionKept\n    }\n  }\n": typeof types.RestEraseContactDocument,
    "\n  mutation RestStartExport($input: StartExportInput!) {\n    startExport(input: $input) {\n      export { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n    }\n  }\n": typeof types.RestStartExportDocument,
    "\n  query RestExport($id: ID!) {\n    export(id: $id) { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n": typeof types.RestExportDocument,
    "\n  query RestExports {\n    exports { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n": typeof types.RestExportsDocument,
    "\n  query RestInboundMessages($first: Int, $after: String, $filter: InboundMessageFilter) {\n    inboundMessages(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName latitude longitude\n          replyToProviderId inReplyTo { id } batchId optOut sentAt receivedAt\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestInboundMessagesDocument,
    "\n  query RestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n": typeof types.RestInvoiceDocument,
    "\n  query RestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges {\n        node {\n          id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n          lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n          subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestInvoicesDocument,
    "\n  query RestApiKeys {\n    apiKeys { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n  }\n": typeof types.RestApiKeysDocument,
    "\n  mutation RestCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": typeof types.RestCreateApiKeyDocument,
    "\n  mutation RestRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": typeof types.RestRevokeApiKeyDocument,
    "\n  mutation RestRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n      previous { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": typeof types.RestRotateApiKeyDocument,
    "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status dueAt }\n    }\n  }\n": typeof types.RestSendMessageDocument,
    "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error kind deliveredAt readAt }\n  }\n": typeof types.RestMessageDocument,
    "\n  mutation RestCancelMessage($id: ID!) {\n    cancelMessage(id: $id) {\n      cancelled\n      inFlight\n      message { id status error }\n    }\n  }\n": typeof types.RestCancelMessageDocument,
    "\n  mutation RestRetryMessage($id: ID!) {\n    retryMessage(id: $id) {\n      message { id to status }\n    }\n  }\n": typeof types.RestRetryMessageDocument,
    "\n  fragment RestConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n": typeof types.RestConnectionFieldsFragmentDoc,
    "\n  mutation RestConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...RestConnectionFields }\n  }\n": typeof types.RestConnectAccountDocument,
    "\n  query RestAccountConnection($id: Int!) {\n    accountConnection(id: $id) { ...RestConnectionFields }\n  }\n": typeof types.RestAccountConnectionDocument,
    "\n  mutation RestRelinkAccount($id: Int!) {\n    relinkAccount(id: $id) { ...RestConnectionFields }\n  }\n": typeof types.RestRelinkAccountDocument,
    "\n  mutation RestRequestPairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...RestConnectionFields }\n  }\n": typeof types.RestRequestPairingCodeDocument,
    "\n  mutation RestRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n": typeof types.RestRemoveAccountDocument,
    "\n  mutation RestSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n": typeof types.RestSignUpDocument,
    "\n  mutation RestVerifyEmail($token: String!) {\n    verifyEmail(token: $token) { email }\n  }\n": typeof types.RestVerifyEmailDocument,
    "\n  query RestUsers {\n    users { id email role state twoFactor createdAt lastSignInAt disabledAt }\n  }\n": typeof types.RestUsersDocument,
    "\n  mutation RestInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n": typeof types.RestInviteUserDocument,
    "\n  mutation RestSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n": typeof types.RestSetUserRoleDocument,
    "\n  mutation RestSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n": typeof types.RestSetUserDisabledDocument,
    "\n  mutation RestSendUserPasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n": typeof types.RestSendUserPasswordLinkDocument,
    "\n  query RestWebhookEndpoints {\n    webhookEndpoints { id url events enabled createdAt }\n  }\n": typeof types.RestWebhookEndpointsDocument,
    "\n  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": typeof types.RestCreateWebhookEndpointDocument,
    "\n  mutation RestDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": typeof types.RestDeleteWebhookEndpointDocument,
    "\n  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": typeof types.RestSetWebhookEndpointEnabledDocument,
    "\n  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges {\n        node { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.RestWebhookDeliveriesDocument,
    "\n  mutation RestReplayWebhookDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) {\n      delivery { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n    }\n  }\n": typeof types.RestReplayWebhookDeliveryDocument,
    "\n  fragment RestWhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n": typeof types.RestWhatsAppTemplateFieldsFragmentDoc,
    "\n  query RestWhatsAppTemplates {\n    whatsappTemplates { ...RestWhatsAppTemplateFields }\n  }\n": typeof types.RestWhatsAppTemplatesDocument,
    "\n  mutation RestRegisterWhatsAppTemplate($input: RegisterWhatsAppTemplateInput!) {\n    registerWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n": typeof types.RestRegisterWhatsAppTemplateDocument,
    "\n  mutation RestDeleteWhatsAppTemplate($id: ID!) {\n    deleteWhatsAppTemplate(id: $id) { ...RestWhatsAppTemplateFields }\n  }\n": typeof types.RestDeleteWhatsAppTemplateDocument,
    "\n  mutation RestSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n": typeof types.RestSyncWhatsAppTemplatesDocument,
    "\n  mutation RestSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n": typeof types.RestSubmitWhatsAppTemplateDocument,
    "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n": typeof types.AuthBalanceDocument,
    "\n  query PreviewTestSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": typeof types.PreviewTestSheetDocument,
    "\n  query PreviewTestPreview($input: SendBulkInput!, $first: Int) {\n    previewBulk(input: $input, first: $first) { total skipped recipients { to text skipped } }\n  }\n": typeof types.PreviewTestPreviewDocument,
    "\n  mutation ContactsOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": typeof types.ContactsOptOutDocument,
    "\n  mutation ContactsOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n": typeof types.ContactsOptInDocument,
    "\n  mutation ContactsImport($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": typeof types.ContactsImportDocument,
    "\n  query ContactsList($search: String, $optedOut: Boolean, $first: Int, $after: String) {\n    contacts(search: $search, optedOut: $optedOut, first: $first, after: $after) {\n      edges { node { phone name optedOut optOutReason } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.ContactsListDocument,
    "\n  query ContactsOne($phone: String!) {\n    contact(phone: $phone) { id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason }\n  }\n": typeof types.ContactsOneDocument,
    "\n  mutation ContactsSetName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { phone name optedOut }\n  }\n": typeof types.ContactsSetNameDocument,
    "\n  query ContactsSettings {\n    consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n  }\n": typeof types.ContactsSettingsDocument,
    "\n  mutation ContactsSetSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      useDefaultStopWords stopWords confirmationText effectiveStopWords\n    }\n  }\n": typeof types.ContactsSetSettingsDocument,
    "\n  query ExportTestMessages($since: String, $until: String) {\n    messages(first: 20, since: $since, until: $until) {\n      edges { node { id to text imageUrl kind status error accountId batchId createdAt sentAt deliveredAt readAt } }\n    }\n  }\n": typeof types.ExportTestMessagesDocument,
    "\n  mutation ExportTestStart($input: StartExportInput!) {\n    startExport(input: $input) { export { id status kind format from to progress } }\n  }\n": typeof types.ExportTestStartDocument,
    "\n  query ExportTestState($id: ID!) { export(id: $id) { id status rowsDone rowsTotal progress downloadPath } }\n": typeof types.ExportTestStateDocument,
    "\n  mutation GqlSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }\n  }\n": typeof types.GqlSendDocument,
    "\n  mutation GqlBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued status messages { id to } }\n  }\n": typeof types.GqlBulkDocument,
    "\n  query GqlBatch($id: ID!) {\n    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }\n  }\n": typeof types.GqlBatchDocument,
    "\n  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {\n    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {\n      edges { cursor node { id status batchId } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n": typeof types.GqlMessagesDocument,
    "\n  query GqlOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": typeof types.GqlOverviewDocument,
    "\n  mutation ImageLinkSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n": typeof types.ImageLinkSendDocument,
    "\n  mutation ImageLinkBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued }\n  }\n": typeof types.ImageLinkBulkDocument,
    "\n  mutation ImageLinkTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name imageUrl } }\n  }\n": typeof types.ImageLinkTemplateDocument,
    "\n  query TestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges { cursor node { id number kind totalHalalas creditFor pdfPath } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.TestInvoicesDocument,
    "\n  query TestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n": typeof types.TestInvoiceDocument,
    "\n  query IsolationMessages($first: Int, $batchId: ID) {\n    messages(first: $first, batchId: $batchId) { edges { node { id to } } }\n  }\n": typeof types.IsolationMessagesDocument,
    "\n  query FilterTestMessages($to: String, $since: String, $until: String) {\n    messages(first: 10, to: $to, since: $since, until: $until) { edges { node { to text } } }\n  }\n": typeof types.FilterTestMessagesDocument,
    "\n  query FilterTestActivity {\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n": typeof types.FilterTestActivityDocument,
    "\n  mutation OneCheckSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n": typeof types.OneCheckSendDocument,
    "\n  mutation OneCheckBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId }\n  }\n": typeof types.OneCheckBulkDocument,
    "\n  mutation RetryFailed($id: ID!) {\n    retryMessage(id: $id) { message { id status attempts error } }\n  }\n": typeof types.RetryFailedDocument,
    "\n  mutation RichRegisterTicket {\n    registerWhatsAppTemplate(input: { name: \"ticket\", language: \"en_US\", category: utility, headerFormat: document, bodyParameters: 2, buttons: [{ type: url, parameters: 1 }] }) {\n      id bodyParameters headerParameters\n    }\n  }\n": typeof types.RichRegisterTicketDocument,
    "\n  mutation RichSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id kind status } }\n  }\n": typeof types.RichSendDocument,
    "\n  mutation TplCreate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { id name text imageUrl variables createdAt updatedAt } }\n  }\n": typeof types.TplCreateDocument,
    "\n  query TplList {\n    templates { name text variables }\n  }\n": typeof types.TplListDocument,
    "\n  query TplOne($name: String!) {\n    template(name: $name) { id name text imageUrl variables }\n  }\n": typeof types.TplOneDocument,
    "\n  query TplMessageText($id: ID!) {\n    message(id: $id) { id status text }\n  }\n": typeof types.TplMessageTextDocument,
    "\n  mutation LimitInvite($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      user {\n        id\n      }\n    }\n  }\n": typeof types.LimitInviteDocument,
    "\n  mutation WhCreate($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }\n  }\n": typeof types.WhCreateDocument,
    "\n  query WhEndpoints { webhookEndpoints { id url events } }\n": typeof types.WhEndpointsDocument,
    "\n  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }\n": typeof types.WhDeleteDocument,
    "\n  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.WhDeliveriesDocument,
    "\n  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }\n": typeof types.WhReplayDocument,
};
const documents: Documents = {
    "\n  mutation HistorySend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n": types.HistorySendDocument,
    "\n  query HistoryMessages($first: Int!) {\n    messages(first: $first) { edges { node { id to text status error createdAt sentAt batchId } } pageInfo { hasNextPage endCursor } }\n  }\n": types.HistoryMessagesDocument,
    "\n  mutation BenchSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status } }\n  }\n": types.BenchSendDocument,
    "\n  mutation ExampleSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n": types.ExampleSendMessageDocument,
    "\n  subscription ExampleFollowMessage($id: ID!) {\n    messageStatus(id: $id) {\n      type\n      status\n      at\n      message { sentAt deliveredAt readAt error }\n    }\n  }\n": types.ExampleFollowMessageDocument,
    "\n  query RestAccounts {\n    accounts { ...RestAccountFields }\n  }\n": types.RestAccountsDocument,
    "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n": types.RestBalanceDocument,
    "\n  fragment RestAccountFields on Account {\n    id name phoneNumber status state stateReason stateSince stateUntil slowedUntil slowFactor messagingTier quality\n    todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow }\n    warmUp { startedOn day todayLimit ramp firstContactCap firstContactsToday }\n  }\n": types.RestAccountFieldsFragmentDoc,
    "\n  query RestAccountHealth($id: Int!) {\n    accountHealth(id: $id) {\n      account { ...RestAccountFields }\n      last24h { ...RestHealthFigures }\n      last7d { ...RestHealthFigures }\n      thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n      changes { eventId fromState state reason signal until at }\n    }\n  }\n  fragment RestHealthFigures on HealthFigures {\n    sent failed undeliverable optOuts replies blockSignals failureRate undeliverableRate optOutRate replyRate\n  }\n": types.RestAccountHealthDocument,
    "\n  mutation RestResumeAccount($id: Int!) {\n    resumeAccount(id: $id) { ...RestAccountFields }\n  }\n": types.RestResumeAccountDocument,
    "\n  mutation RestSetWarmUp($id: Int!, $input: WarmUpInput!) {\n    setWarmUp(id: $id, input: $input) { ...RestAccountFields }\n  }\n": types.RestSetWarmUpDocument,
    "\n  query RestHealthThresholds {\n    healthThresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n": types.RestHealthThresholdsDocument,
    "\n  mutation RestSetHealthThresholds($input: HealthThresholdsInput!) {\n    setHealthThresholds(input: $input) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n": types.RestSetHealthThresholdsDocument,
    "\n  query RestAuditEvents($first: Int, $after: String, $actor: String, $action: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, actor: $actor, action: $action, target: $target, since: $since, until: $until) {\n      edges {\n        node { id at actor { kind name label } action target before after address userAgent requestId hash prevHash }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestAuditEventsDocument,
    "\n  fragment RestAutomationMenuOptionFields on AutomationMenuOption {\n    title description reply handover\n  }\n": types.RestAutomationMenuOptionFieldsFragmentDoc,
    "\n  fragment RestAutomationMenuFields on AutomationMenu {\n    text style button back timeout\n    options {\n      ...RestAutomationMenuOptionFields\n      menu {\n        text\n        options {\n          ...RestAutomationMenuOptionFields\n          menu { text options { ...RestAutomationMenuOptionFields } }\n        }\n      }\n    }\n  }\n": types.RestAutomationMenuFieldsFragmentDoc,
    "\n  fragment RestRuleContentFields on AutomationRule {\n    media { type url filename mimetype voice }\n    location { latitude longitude name address }\n    contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n  }\n": types.RestRuleContentFieldsFragmentDoc,
    "\n  fragment RestAutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl ...RestRuleContentFields botUrl botKind menu { ...RestAutomationMenuFields } cooldownSeconds createdAt updatedAt\n  }\n": types.RestAutomationRuleFieldsFragmentDoc,
    "\n  query RestAutomationRules {\n    automationRules { ...RestAutomationRuleFields }\n  }\n": types.RestAutomationRulesDocument,
    "\n  query RestAutomationRule($id: ID!) {\n    automationRule(id: $id) { ...RestAutomationRuleFields }\n  }\n": types.RestAutomationRuleDocument,
    "\n  mutation RestCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n": types.RestCreateAutomationRuleDocument,
    "\n  mutation RestUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n": types.RestUpdateAutomationRuleDocument,
    "\n  mutation RestDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { ...RestAutomationRuleFields } }\n  }\n": types.RestDeleteAutomationRuleDocument,
    "\n  query RestAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { ...RestAutomationRuleFields } draft text imageUrl handover\n      media { type url filename mimetype voice }\n      location { latitude longitude name address }\n      contacts { name phones emails organization }\n      interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n      whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n    }\n  }\n": types.RestAutomationTrialDocument,
    "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued sendAt\n      messages { id to }\n      skipped { to reason }\n    }\n  }\n": types.RestSendBulkDocument,
    "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      ...RestBatchSummary\n      messages { id to status sentAt error }\n    }\n  }\n": types.RestBatchDocument,
    "\n  fragment RestBatchSummary on Batch {\n    id total finished state priority sendAt createdAt firstSentAt lastSentAt\n    counts { pending sending sent failed cancelled expired optedOut delivered read replies }\n  }\n": types.RestBatchSummaryFragmentDoc,
    "\n  query RestBatches($first: Int, $after: String, $state: BatchState) {\n    batches(first: $first, after: $after, state: $state) {\n      edges { node { ...RestBatchSummary } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestBatchesDocument,
    "\n  mutation RestCancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      cancelled\n      inFlight\n      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }\n    }\n  }\n": types.RestCancelBatchDocument,
    "\n  query RestPlans {\n    plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n  }\n": types.RestPlansDocument,
    "\n  query RestBilling {\n    billing {\n      plan { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n  }\n": types.RestBillingDocument,
    "\n  mutation RestCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n": types.RestCheckoutDocument,
    "\n  mutation RestChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n": types.RestChangePlanDocument,
    "\n  mutation RestTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n": types.RestTopUpDocument,
    "\n  fragment RestTemplateFields on Template { id name text imageUrl variables createdAt updatedAt }\n": types.RestTemplateFieldsFragmentDoc,
    "\n  query RestTemplates {\n    templates { ...RestTemplateFields }\n  }\n": types.RestTemplatesDocument,
    "\n  query RestTemplate($name: String!) {\n    template(name: $name) { ...RestTemplateFields }\n  }\n": types.RestTemplateDocument,
    "\n  mutation RestCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { ...RestTemplateFields } }\n  }\n": types.RestCreateTemplateDocument,
    "\n  mutation RestUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { ...RestTemplateFields } }\n  }\n": types.RestUpdateTemplateDocument,
    "\n  mutation RestDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) {\n      queuedMessages\n      template { ...RestTemplateFields }\n    }\n  }\n": types.RestDeleteTemplateDocument,
    "\n  query RestSendWindow {\n    sendWindow { timeZone days start end }\n  }\n": types.RestSendWindowDocument,
    "\n  mutation RestSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { timeZone days start end } }\n  }\n": types.RestSetSendWindowDocument,
    "\n  query RestChatwootBridge {\n    chatwootBridge {\n      id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n      relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n      failedPosts { id phone kind inboundMessageId reason attempts createdAt failedAt }\n    }\n  }\n": types.RestChatwootBridgeDocument,
    "\n  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) {\n      webhookUrl\n      bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt }\n    }\n  }\n": types.RestConnectChatwootDocument,
    "\n  mutation RestRetryChatwootPosts($ids: [ID!]) {\n    retryChatwootPosts(ids: $ids) { retried }\n  }\n": types.RestRetryChatwootPostsDocument,
    "\n  mutation RestDisconnectChatwoot {\n    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt } }\n  }\n": types.RestDisconnectChatwootDocument,
    "\n  fragment RestContactFields on Contact {\n    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason windows { accountId openUntil open }\n  }\n": types.RestContactFieldsFragmentDoc,
    "\n  fragment RestConsentSettingsFields on ConsentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n": types.RestConsentSettingsFieldsFragmentDoc,
    "\n  query RestContacts($first: Int, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { ...RestContactFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestContactsDocument,
    "\n  query RestContact($phone: String!) {\n    contact(phone: $phone) { ...RestContactFields }\n  }\n": types.RestContactDocument,
    "\n  mutation RestSetContactName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { ...RestContactFields }\n  }\n": types.RestSetContactNameDocument,
    "\n  mutation RestOptOutContacts($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": types.RestOptOutContactsDocument,
    "\n  mutation RestImportSuppressionList($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": types.RestImportSuppressionListDocument,
    "\n  mutation RestOptInContacts($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n": types.RestOptInContactsDocument,
    "\n  query RestConsentSettings {\n    consentSettings { ...RestConsentSettingsFields }\n  }\n": types.RestConsentSettingsDocument,
    "\n  mutation RestSetConsentSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      ...RestConsentSettingsFields\n    }\n  }\n": types.RestSetConsentSettingsDocument,
    "\n  mutation RestEraseContact($number: String!) {\n    eraseContact(number: $number) {\n      erasureId messages inboundMessages contacts cancelled inFlight webhookDeliveries idempotencyRecords batches auditEvents chatwootRecords suppressionKept\n    }\n  }\n": types.RestEraseContactDocument,
    "\n  mutation RestStartExport($input: StartExportInput!) {\n    startExport(input: $input) {\n      export { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n    }\n  }\n": types.RestStartExportDocument,
    "\n  query RestExport($id: ID!) {\n    export(id: $id) { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n": types.RestExportDocument,
    "\n  query RestExports {\n    exports { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n": types.RestExportsDocument,
    "\n  query RestInboundMessages($first: Int, $after: String, $filter: InboundMessageFilter) {\n    inboundMessages(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName latitude longitude\n          replyToProviderId inReplyTo { id } batchId optOut sentAt receivedAt\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestInboundMessagesDocument,
    "\n  query RestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n": types.RestInvoiceDocument,
    "\n  query RestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges {\n        node {\n          id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n          lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n          subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestInvoicesDocument,
    "\n  query RestApiKeys {\n    apiKeys { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n  }\n": types.RestApiKeysDocument,
    "\n  mutation RestCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": types.RestCreateApiKeyDocument,
    "\n  mutation RestRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": types.RestRevokeApiKeyDocument,
    "\n  mutation RestRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n      previous { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n": types.RestRotateApiKeyDocument,
    "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status dueAt }\n    }\n  }\n": types.RestSendMessageDocument,
    "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error kind deliveredAt readAt }\n  }\n": types.RestMessageDocument,
    "\n  mutation RestCancelMessage($id: ID!) {\n    cancelMessage(id: $id) {\n      cancelled\n      inFlight\n      message { id status error }\n    }\n  }\n": types.RestCancelMessageDocument,
    "\n  mutation RestRetryMessage($id: ID!) {\n    retryMessage(id: $id) {\n      message { id to status }\n    }\n  }\n": types.RestRetryMessageDocument,
    "\n  fragment RestConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n": types.RestConnectionFieldsFragmentDoc,
    "\n  mutation RestConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...RestConnectionFields }\n  }\n": types.RestConnectAccountDocument,
    "\n  query RestAccountConnection($id: Int!) {\n    accountConnection(id: $id) { ...RestConnectionFields }\n  }\n": types.RestAccountConnectionDocument,
    "\n  mutation RestRelinkAccount($id: Int!) {\n    relinkAccount(id: $id) { ...RestConnectionFields }\n  }\n": types.RestRelinkAccountDocument,
    "\n  mutation RestRequestPairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...RestConnectionFields }\n  }\n": types.RestRequestPairingCodeDocument,
    "\n  mutation RestRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n": types.RestRemoveAccountDocument,
    "\n  mutation RestSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n": types.RestSignUpDocument,
    "\n  mutation RestVerifyEmail($token: String!) {\n    verifyEmail(token: $token) { email }\n  }\n": types.RestVerifyEmailDocument,
    "\n  query RestUsers {\n    users { id email role state twoFactor createdAt lastSignInAt disabledAt }\n  }\n": types.RestUsersDocument,
    "\n  mutation RestInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n": types.RestInviteUserDocument,
    "\n  mutation RestSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n": types.RestSetUserRoleDocument,
    "\n  mutation RestSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n": types.RestSetUserDisabledDocument,
    "\n  mutation RestSendUserPasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n": types.RestSendUserPasswordLinkDocument,
    "\n  query RestWebhookEndpoints {\n    webhookEndpoints { id url events enabled createdAt }\n  }\n": types.RestWebhookEndpointsDocument,
    "\n  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestCreateWebhookEndpointDocument,
    "\n  mutation RestDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestDeleteWebhookEndpointDocument,
    "\n  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n": types.RestSetWebhookEndpointEnabledDocument,
    "\n  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges {\n        node { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.RestWebhookDeliveriesDocument,
    "\n  mutation RestReplayWebhookDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) {\n      delivery { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n    }\n  }\n": types.RestReplayWebhookDeliveryDocument,
    "\n  fragment RestWhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n": types.RestWhatsAppTemplateFieldsFragmentDoc,
    "\n  query RestWhatsAppTemplates {\n    whatsappTemplates { ...RestWhatsAppTemplateFields }\n  }\n": types.RestWhatsAppTemplatesDocument,
    "\n  mutation RestRegisterWhatsAppTemplate($input: RegisterWhatsAppTemplateInput!) {\n    registerWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n": types.RestRegisterWhatsAppTemplateDocument,
    "\n  mutation RestDeleteWhatsAppTemplate($id: ID!) {\n    deleteWhatsAppTemplate(id: $id) { ...RestWhatsAppTemplateFields }\n  }\n": types.RestDeleteWhatsAppTemplateDocument,
    "\n  mutation RestSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n": types.RestSyncWhatsAppTemplatesDocument,
    "\n  mutation RestSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n": types.RestSubmitWhatsAppTemplateDocument,
    "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n": types.AuthBalanceDocument,
    "\n  query PreviewTestSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n": types.PreviewTestSheetDocument,
    "\n  query PreviewTestPreview($input: SendBulkInput!, $first: Int) {\n    previewBulk(input: $input, first: $first) { total skipped recipients { to text skipped } }\n  }\n": types.PreviewTestPreviewDocument,
    "\n  mutation ContactsOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": types.ContactsOptOutDocument,
    "\n  mutation ContactsOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n": types.ContactsOptInDocument,
    "\n  mutation ContactsImport($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n": types.ContactsImportDocument,
    "\n  query ContactsList($search: String, $optedOut: Boolean, $first: Int, $after: String) {\n    contacts(search: $search, optedOut: $optedOut, first: $first, after: $after) {\n      edges { node { phone name optedOut optOutReason } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.ContactsListDocument,
    "\n  query ContactsOne($phone: String!) {\n    contact(phone: $phone) { id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason }\n  }\n": types.ContactsOneDocument,
    "\n  mutation ContactsSetName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { phone name optedOut }\n  }\n": types.ContactsSetNameDocument,
    "\n  query ContactsSettings {\n    consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n  }\n": types.ContactsSettingsDocument,
    "\n  mutation ContactsSetSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      useDefaultStopWords stopWords confirmationText effectiveStopWords\n    }\n  }\n": types.ContactsSetSettingsDocument,
    "\n  query ExportTestMessages($since: String, $until: String) {\n    messages(first: 20, since: $since, until: $until) {\n      edges { node { id to text imageUrl kind status error accountId batchId createdAt sentAt deliveredAt readAt } }\n    }\n  }\n": types.ExportTestMessagesDocument,
    "\n  mutation ExportTestStart($input: StartExportInput!) {\n    startExport(input: $input) { export { id status kind format from to progress } }\n  }\n": types.ExportTestStartDocument,
    "\n  query ExportTestState($id: ID!) { export(id: $id) { id status rowsDone rowsTotal progress downloadPath } }\n": types.ExportTestStateDocument,
    "\n  mutation GqlSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }\n  }\n": types.GqlSendDocument,
    "\n  mutation GqlBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued status messages { id to } }\n  }\n": types.GqlBulkDocument,
    "\n  query GqlBatch($id: ID!) {\n    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }\n  }\n": types.GqlBatchDocument,
    "\n  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {\n    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {\n      edges { cursor node { id status batchId } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n": types.GqlMessagesDocument,
    "\n  query GqlOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n": types.GqlOverviewDocument,
    "\n  mutation ImageLinkSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n": types.ImageLinkSendDocument,
    "\n  mutation ImageLinkBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued }\n  }\n": types.ImageLinkBulkDocument,
    "\n  mutation ImageLinkTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name imageUrl } }\n  }\n": types.ImageLinkTemplateDocument,
    "\n  query TestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges { cursor node { id number kind totalHalalas creditFor pdfPath } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.TestInvoicesDocument,
    "\n  query TestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n": types.TestInvoiceDocument,
    "\n  query IsolationMessages($first: Int, $batchId: ID) {\n    messages(first: $first, batchId: $batchId) { edges { node { id to } } }\n  }\n": types.IsolationMessagesDocument,
    "\n  query FilterTestMessages($to: String, $since: String, $until: String) {\n    messages(first: 10, to: $to, since: $since, until: $until) { edges { node { to text } } }\n  }\n": types.FilterTestMessagesDocument,
    "\n  query FilterTestActivity {\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n": types.FilterTestActivityDocument,
    "\n  mutation OneCheckSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n": types.OneCheckSendDocument,
    "\n  mutation OneCheckBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId }\n  }\n": types.OneCheckBulkDocument,
    "\n  mutation RetryFailed($id: ID!) {\n    retryMessage(id: $id) { message { id status attempts error } }\n  }\n": types.RetryFailedDocument,
    "\n  mutation RichRegisterTicket {\n    registerWhatsAppTemplate(input: { name: \"ticket\", language: \"en_US\", category: utility, headerFormat: document, bodyParameters: 2, buttons: [{ type: url, parameters: 1 }] }) {\n      id bodyParameters headerParameters\n    }\n  }\n": types.RichRegisterTicketDocument,
    "\n  mutation RichSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id kind status } }\n  }\n": types.RichSendDocument,
    "\n  mutation TplCreate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { id name text imageUrl variables createdAt updatedAt } }\n  }\n": types.TplCreateDocument,
    "\n  query TplList {\n    templates { name text variables }\n  }\n": types.TplListDocument,
    "\n  query TplOne($name: String!) {\n    template(name: $name) { id name text imageUrl variables }\n  }\n": types.TplOneDocument,
    "\n  query TplMessageText($id: ID!) {\n    message(id: $id) { id status text }\n  }\n": types.TplMessageTextDocument,
    "\n  mutation LimitInvite($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      user {\n        id\n      }\n    }\n  }\n": types.LimitInviteDocument,
    "\n  mutation WhCreate($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }\n  }\n": types.WhCreateDocument,
    "\n  query WhEndpoints { webhookEndpoints { id url events } }\n": types.WhEndpointsDocument,
    "\n  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }\n": types.WhDeleteDocument,
    "\n  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.WhDeliveriesDocument,
    "\n  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }\n": types.WhReplayDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation HistorySend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n"): (typeof documents)["\n  mutation HistorySend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HistoryMessages($first: Int!) {\n    messages(first: $first) { edges { node { id to text status error createdAt sentAt batchId } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query HistoryMessages($first: Int!) {\n    messages(first: $first) { edges { node { id to text status error createdAt sentAt batchId } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BenchSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status } }\n  }\n"): (typeof documents)["\n  mutation BenchSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExampleSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n"): (typeof documents)["\n  mutation ExampleSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ExampleFollowMessage($id: ID!) {\n    messageStatus(id: $id) {\n      type\n      status\n      at\n      message { sentAt deliveredAt readAt error }\n    }\n  }\n"): (typeof documents)["\n  subscription ExampleFollowMessage($id: ID!) {\n    messageStatus(id: $id) {\n      type\n      status\n      at\n      message { sentAt deliveredAt readAt error }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAccounts {\n    accounts { ...RestAccountFields }\n  }\n"): (typeof documents)["\n  query RestAccounts {\n    accounts { ...RestAccountFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n"): (typeof documents)["\n  query RestBalance {\n    balance {\n      plan subscriptionEnds\n      messages { limit used remaining }\n      accounts { limit connected }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestAccountFields on Account {\n    id name phoneNumber status state stateReason stateSince stateUntil slowedUntil slowFactor messagingTier quality\n    todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow }\n    warmUp { startedOn day todayLimit ramp firstContactCap firstContactsToday }\n  }\n"): (typeof documents)["\n  fragment RestAccountFields on Account {\n    id name phoneNumber status state stateReason stateSince stateUntil slowedUntil slowFactor messagingTier quality\n    todaySent monthSent dailyLimit monthlyLimit capabilities { channel kinds customerWindow }\n    warmUp { startedOn day todayLimit ramp firstContactCap firstContactsToday }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAccountHealth($id: Int!) {\n    accountHealth(id: $id) {\n      account { ...RestAccountFields }\n      last24h { ...RestHealthFigures }\n      last7d { ...RestHealthFigures }\n      thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n      changes { eventId fromState state reason signal until at }\n    }\n  }\n  fragment RestHealthFigures on HealthFigures {\n    sent failed undeliverable optOuts replies blockSignals failureRate undeliverableRate optOutRate replyRate\n  }\n"): (typeof documents)["\n  query RestAccountHealth($id: Int!) {\n    accountHealth(id: $id) {\n      account { ...RestAccountFields }\n      last24h { ...RestHealthFigures }\n      last7d { ...RestHealthFigures }\n      thresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n      changes { eventId fromState state reason signal until at }\n    }\n  }\n  fragment RestHealthFigures on HealthFigures {\n    sent failed undeliverable optOuts replies blockSignals failureRate undeliverableRate optOutRate replyRate\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestResumeAccount($id: Int!) {\n    resumeAccount(id: $id) { ...RestAccountFields }\n  }\n"): (typeof documents)["\n  mutation RestResumeAccount($id: Int!) {\n    resumeAccount(id: $id) { ...RestAccountFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetWarmUp($id: Int!, $input: WarmUpInput!) {\n    setWarmUp(id: $id, input: $input) { ...RestAccountFields }\n  }\n"): (typeof documents)["\n  mutation RestSetWarmUp($id: Int!, $input: WarmUpInput!) {\n    setWarmUp(id: $id, input: $input) { ...RestAccountFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestHealthThresholds {\n    healthThresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n"): (typeof documents)["\n  query RestHealthThresholds {\n    healthThresholds { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetHealthThresholds($input: HealthThresholdsInput!) {\n    setHealthThresholds(input: $input) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n"): (typeof documents)["\n  mutation RestSetHealthThresholds($input: HealthThresholdsInput!) {\n    setHealthThresholds(input: $input) { optOutRatePercent undeliverableRatePercent failureRatePercent minSends }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAuditEvents($first: Int, $after: String, $actor: String, $action: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, actor: $actor, action: $action, target: $target, since: $since, until: $until) {\n      edges {\n        node { id at actor { kind name label } action target before after address userAgent requestId hash prevHash }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestAuditEvents($first: Int, $after: String, $actor: String, $action: String, $target: String, $since: String, $until: String) {\n    auditEvents(first: $first, after: $after, actor: $actor, action: $action, target: $target, since: $since, until: $until) {\n      edges {\n        node { id at actor { kind name label } action target before after address userAgent requestId hash prevHash }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestAutomationMenuOptionFields on AutomationMenuOption {\n    title description reply handover\n  }\n"): (typeof documents)["\n  fragment RestAutomationMenuOptionFields on AutomationMenuOption {\n    title description reply handover\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestAutomationMenuFields on AutomationMenu {\n    text style button back timeout\n    options {\n      ...RestAutomationMenuOptionFields\n      menu {\n        text\n        options {\n          ...RestAutomationMenuOptionFields\n          menu { text options { ...RestAutomationMenuOptionFields } }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment RestAutomationMenuFields on AutomationMenu {\n    text style button back timeout\n    options {\n      ...RestAutomationMenuOptionFields\n      menu {\n        text\n        options {\n          ...RestAutomationMenuOptionFields\n          menu { text options { ...RestAutomationMenuOptionFields } }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestRuleContentFields on AutomationRule {\n    media { type url filename mimetype voice }\n    location { latitude longitude name address }\n    contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n  }\n"): (typeof documents)["\n  fragment RestRuleContentFields on AutomationRule {\n    media { type url filename mimetype voice }\n    location { latitude longitude name address }\n    contacts { name phones emails organization }\n    interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n    whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestAutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl ...RestRuleContentFields botUrl botKind menu { ...RestAutomationMenuFields } cooldownSeconds createdAt updatedAt\n  }\n"): (typeof documents)["\n  fragment RestAutomationRuleFields on AutomationRule {\n    id name position enabled trigger keyword pattern replyId accountIds action text imageUrl ...RestRuleContentFields botUrl botKind menu { ...RestAutomationMenuFields } cooldownSeconds createdAt updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAutomationRules {\n    automationRules { ...RestAutomationRuleFields }\n  }\n"): (typeof documents)["\n  query RestAutomationRules {\n    automationRules { ...RestAutomationRuleFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAutomationRule($id: ID!) {\n    automationRule(id: $id) { ...RestAutomationRuleFields }\n  }\n"): (typeof documents)["\n  query RestAutomationRule($id: ID!) {\n    automationRule(id: $id) { ...RestAutomationRuleFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n"): (typeof documents)["\n  mutation RestCreateAutomationRule($input: CreateAutomationRuleInput!) {\n    createAutomationRule(input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n"): (typeof documents)["\n  mutation RestUpdateAutomationRule($id: ID!, $input: UpdateAutomationRuleInput!) {\n    updateAutomationRule(id: $id, input: $input) { rule { ...RestAutomationRuleFields } botSecret }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { ...RestAutomationRuleFields } }\n  }\n"): (typeof documents)["\n  mutation RestDeleteAutomationRule($id: ID!) {\n    deleteAutomationRule(id: $id) { rule { ...RestAutomationRuleFields } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { ...RestAutomationRuleFields } draft text imageUrl handover\n      media { type url filename mimetype voice }\n      location { latitude longitude name address }\n      contacts { name phones emails organization }\n      interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n      whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n    }\n  }\n"): (typeof documents)["\n  query RestAutomationTrial($input: AutomationTrialInput!) {\n    automationTrial(input: $input) {\n      rule { ...RestAutomationRuleFields } draft text imageUrl handover\n      media { type url filename mimetype voice }\n      location { latitude longitude name address }\n      contacts { name phones emails organization }\n      interactive { header footer buttons { id title } list { button sections { title rows { id title description } } } }\n      whatsappTemplate { name language header { type text url filename } body buttons { index type value } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued sendAt\n      messages { id to }\n      skipped { to reason }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSendBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) {\n      batchId queued sendAt\n      messages { id to }\n      skipped { to reason }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      ...RestBatchSummary\n      messages { id to status sentAt error }\n    }\n  }\n"): (typeof documents)["\n  query RestBatch($id: ID!) {\n    batch(id: $id) {\n      ...RestBatchSummary\n      messages { id to status sentAt error }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestBatchSummary on Batch {\n    id total finished state priority sendAt createdAt firstSentAt lastSentAt\n    counts { pending sending sent failed cancelled expired optedOut delivered read replies }\n  }\n"): (typeof documents)["\n  fragment RestBatchSummary on Batch {\n    id total finished state priority sendAt createdAt firstSentAt lastSentAt\n    counts { pending sending sent failed cancelled expired optedOut delivered read replies }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBatches($first: Int, $after: String, $state: BatchState) {\n    batches(first: $first, after: $after, state: $state) {\n      edges { node { ...RestBatchSummary } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestBatches($first: Int, $after: String, $state: BatchState) {\n    batches(first: $first, after: $after, state: $state) {\n      edges { node { ...RestBatchSummary } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      cancelled\n      inFlight\n      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }\n    }\n  }\n"): (typeof documents)["\n  mutation RestCancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      cancelled\n      inFlight\n      batch { id counts { pending sending sent failed cancelled expired optedOut delivered read replies } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestPlans {\n    plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n  }\n"): (typeof documents)["\n  query RestPlans {\n    plans { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestBilling {\n    billing {\n      plan { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n  }\n"): (typeof documents)["\n  query RestBilling {\n    billing {\n      plan { name version messagesPerMonth numbers users monthly { net vat total } yearly { net vat total } }\n      interval state periodStart periodEnd daysLeft graceUntil pendingPlan\n      messages { used allowance }\n      numbers { used allowance }\n      card { brand last4 }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n"): (typeof documents)["\n  mutation RestCheckout($plan: String!, $interval: String!, $token: String) {\n    checkout(plan: $plan, interval: $interval, token: $token) { paymentId status redirectUrl amount }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n"): (typeof documents)["\n  mutation RestChangePlan($plan: String!) {\n    changePlan(plan: $plan) { kind effectiveOn paymentId status }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n"): (typeof documents)["\n  mutation RestTopUp($pack: ID!) {\n    topUp(pack: $pack) { paymentId status redirectUrl amount }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestTemplateFields on Template { id name text imageUrl variables createdAt updatedAt }\n"): (typeof documents)["\n  fragment RestTemplateFields on Template { id name text imageUrl variables createdAt updatedAt }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestTemplates {\n    templates { ...RestTemplateFields }\n  }\n"): (typeof documents)["\n  query RestTemplates {\n    templates { ...RestTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestTemplate($name: String!) {\n    template(name: $name) { ...RestTemplateFields }\n  }\n"): (typeof documents)["\n  query RestTemplate($name: String!) {\n    template(name: $name) { ...RestTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { ...RestTemplateFields } }\n  }\n"): (typeof documents)["\n  mutation RestCreateTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { ...RestTemplateFields } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { ...RestTemplateFields } }\n  }\n"): (typeof documents)["\n  mutation RestUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {\n    updateTemplate(name: $name, input: $input) { template { ...RestTemplateFields } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) {\n      queuedMessages\n      template { ...RestTemplateFields }\n    }\n  }\n"): (typeof documents)["\n  mutation RestDeleteTemplate($name: String!, $force: Boolean) {\n    deleteTemplate(name: $name, force: $force) {\n      queuedMessages\n      template { ...RestTemplateFields }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestSendWindow {\n    sendWindow { timeZone days start end }\n  }\n"): (typeof documents)["\n  query RestSendWindow {\n    sendWindow { timeZone days start end }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { timeZone days start end } }\n  }\n"): (typeof documents)["\n  mutation RestSetSendWindow($input: SendWindowInput) {\n    setSendWindow(input: $input) { sendWindow { timeZone days start end } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestChatwootBridge {\n    chatwootBridge {\n      id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n      relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n      failedPosts { id phone kind inboundMessageId reason attempts createdAt failedAt }\n    }\n  }\n"): (typeof documents)["\n  query RestChatwootBridge {\n    chatwootBridge {\n      id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt\n      relay { toChatwoot toWhatsapp failedPosts oldestWaitingAt lastPostedAt lastError lastErrorAt }\n      failedPosts { id phone kind inboundMessageId reason attempts createdAt failedAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) {\n      webhookUrl\n      bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestConnectChatwoot($input: ConnectChatwootInput!) {\n    connectChatwoot(input: $input) {\n      webhookUrl\n      bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRetryChatwootPosts($ids: [ID!]) {\n    retryChatwootPosts(ids: $ids) { retried }\n  }\n"): (typeof documents)["\n  mutation RestRetryChatwootPosts($ids: [ID!]) {\n    retryChatwootPosts(ids: $ids) { retried }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestDisconnectChatwoot {\n    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt } }\n  }\n"): (typeof documents)["\n  mutation RestDisconnectChatwoot {\n    disconnectChatwoot { bridge { id baseUrl chatwootAccountId inboxId accountIds webhooksSigned createdAt updatedAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestContactFields on Contact {\n    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason windows { accountId openUntil open }\n  }\n"): (typeof documents)["\n  fragment RestContactFields on Contact {\n    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason windows { accountId openUntil open }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestConsentSettingsFields on ConsentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n"): (typeof documents)["\n  fragment RestConsentSettingsFields on ConsentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestContacts($first: Int, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { ...RestContactFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestContacts($first: Int, $after: String, $search: String, $optedOut: Boolean) {\n    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {\n      edges { node { ...RestContactFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestContact($phone: String!) {\n    contact(phone: $phone) { ...RestContactFields }\n  }\n"): (typeof documents)["\n  query RestContact($phone: String!) {\n    contact(phone: $phone) { ...RestContactFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetContactName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { ...RestContactFields }\n  }\n"): (typeof documents)["\n  mutation RestSetContactName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { ...RestContactFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestOptOutContacts($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation RestOptOutContacts($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestImportSuppressionList($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation RestImportSuppressionList($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestOptInContacts($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation RestOptInContacts($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestConsentSettings {\n    consentSettings { ...RestConsentSettingsFields }\n  }\n"): (typeof documents)["\n  query RestConsentSettings {\n    consentSettings { ...RestConsentSettingsFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetConsentSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      ...RestConsentSettingsFields\n    }\n  }\n"): (typeof documents)["\n  mutation RestSetConsentSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      ...RestConsentSettingsFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestEraseContact($number: String!) {\n    eraseContact(number: $number) {\n      erasureId messages inboundMessages contacts cancelled inFlight webhookDeliveries idempotencyRecords batches auditEvents chatwootRecords suppressionKept\n    }\n  }\n"): (typeof documents)["\n  mutation RestEraseContact($number: String!) {\n    eraseContact(number: $number) {\n      erasureId messages inboundMessages contacts cancelled inFlight webhookDeliveries idempotencyRecords batches auditEvents chatwootRecords suppressionKept\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestStartExport($input: StartExportInput!) {\n    startExport(input: $input) {\n      export { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n    }\n  }\n"): (typeof documents)["\n  mutation RestStartExport($input: StartExportInput!) {\n    startExport(input: $input) {\n      export { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestExport($id: ID!) {\n    export(id: $id) { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n"): (typeof documents)["\n  query RestExport($id: ID!) {\n    export(id: $id) { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestExports {\n    exports { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n"): (typeof documents)["\n  query RestExports {\n    exports { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestInboundMessages($first: Int, $after: String, $filter: InboundMessageFilter) {\n    inboundMessages(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName latitude longitude\n          replyToProviderId inReplyTo { id } batchId optOut sentAt receivedAt\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestInboundMessages($first: Int, $after: String, $filter: InboundMessageFilter) {\n    inboundMessages(first: $first, after: $after, filter: $filter) {\n      edges {\n        node {\n          id providerMessageId accountId from fromLid type text mediaUrl mediaId mimeType fileName latitude longitude\n          replyToProviderId inReplyTo { id } batchId optOut sentAt receivedAt\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n"): (typeof documents)["\n  query RestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges {\n        node {\n          id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n          lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n          subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges {\n        node {\n          id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n          lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n          subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n        }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestApiKeys {\n    apiKeys { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n  }\n"): (typeof documents)["\n  query RestApiKeys {\n    apiKeys { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"): (typeof documents)["\n  mutation RestCreateApiKey($input: CreateApiKeyInput!) {\n    createApiKey(input: $input) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"): (typeof documents)["\n  mutation RestRevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n      previous { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"): (typeof documents)["\n  mutation RestRotateApiKey($id: ID!, $overlapSeconds: Int) {\n    rotateApiKey(id: $id, overlapSeconds: $overlapSeconds) {\n      secret\n      key { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n      previous { id prefix label scopes accountIds state createdAt lastUsedAt expiresAt revokedAt rotatedFromId }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status dueAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSendMessage($input: SendMessageInput!) {\n    sendMessage(input: $input) {\n      message { id to status dueAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error kind deliveredAt readAt }\n  }\n"): (typeof documents)["\n  query RestMessage($id: ID!) {\n    message(id: $id) { id to status sentAt error kind deliveredAt readAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCancelMessage($id: ID!) {\n    cancelMessage(id: $id) {\n      cancelled\n      inFlight\n      message { id status error }\n    }\n  }\n"): (typeof documents)["\n  mutation RestCancelMessage($id: ID!) {\n    cancelMessage(id: $id) {\n      cancelled\n      inFlight\n      message { id status error }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRetryMessage($id: ID!) {\n    retryMessage(id: $id) {\n      message { id to status }\n    }\n  }\n"): (typeof documents)["\n  mutation RestRetryMessage($id: ID!) {\n    retryMessage(id: $id) {\n      message { id to status }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n"): (typeof documents)["\n  fragment RestConnectionFields on AccountConnection {\n    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...RestConnectionFields }\n  }\n"): (typeof documents)["\n  mutation RestConnectAccount($input: ConnectAccountInput!) {\n    connectAccount(input: $input) { ...RestConnectionFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestAccountConnection($id: Int!) {\n    accountConnection(id: $id) { ...RestConnectionFields }\n  }\n"): (typeof documents)["\n  query RestAccountConnection($id: Int!) {\n    accountConnection(id: $id) { ...RestConnectionFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRelinkAccount($id: Int!) {\n    relinkAccount(id: $id) { ...RestConnectionFields }\n  }\n"): (typeof documents)["\n  mutation RestRelinkAccount($id: Int!) {\n    relinkAccount(id: $id) { ...RestConnectionFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRequestPairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...RestConnectionFields }\n  }\n"): (typeof documents)["\n  mutation RestRequestPairingCode($id: Int!, $phoneNumber: String!) {\n    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...RestConnectionFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n"): (typeof documents)["\n  mutation RestRemoveAccount($id: Int!) {\n    removeAccount(id: $id) { id removedAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n"): (typeof documents)["\n  mutation RestSignUp($input: SignUpInput!) {\n    signUp(input: $input) { message }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestVerifyEmail($token: String!) {\n    verifyEmail(token: $token) { email }\n  }\n"): (typeof documents)["\n  mutation RestVerifyEmail($token: String!) {\n    verifyEmail(token: $token) { email }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestUsers {\n    users { id email role state twoFactor createdAt lastSignInAt disabledAt }\n  }\n"): (typeof documents)["\n  query RestUsers {\n    users { id email role state twoFactor createdAt lastSignInAt disabledAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestInviteUser($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n"): (typeof documents)["\n  mutation RestSetUserRole($id: ID!, $role: StaffRole!) {\n    setUserRole(id: $id, role: $role) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n"): (typeof documents)["\n  mutation RestSetUserDisabled($id: ID!, $disabled: Boolean!) {\n    setUserDisabled(id: $id, disabled: $disabled) { user { id email role state twoFactor createdAt lastSignInAt disabledAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSendUserPasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSendUserPasswordLink($id: ID!) {\n    sendUserPasswordLink(id: $id) {\n      link\n      linkExpiresAt\n      user { id email role state twoFactor createdAt lastSignInAt disabledAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestWebhookEndpoints {\n    webhookEndpoints { id url events enabled createdAt }\n  }\n"): (typeof documents)["\n  query RestWebhookEndpoints {\n    webhookEndpoints { id url events enabled createdAt }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestCreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      secret\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestDeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestSetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    setWebhookEndpointEnabled(id: $id, enabled: $enabled) {\n      endpoint { id url events enabled createdAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges {\n        node { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query RestWebhookDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges {\n        node { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n      }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestReplayWebhookDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) {\n      delivery { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n    }\n  }\n"): (typeof documents)["\n  mutation RestReplayWebhookDelivery($id: ID!) {\n    replayWebhookDelivery(id: $id) {\n      delivery { id endpointId eventId eventType messageId inboundMessageId status attempts responseStatus lastError nextAttemptAt payload createdAt deliveredAt }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RestWhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n"): (typeof documents)["\n  fragment RestWhatsAppTemplateFields on WhatsAppTemplate {\n    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RestWhatsAppTemplates {\n    whatsappTemplates { ...RestWhatsAppTemplateFields }\n  }\n"): (typeof documents)["\n  query RestWhatsAppTemplates {\n    whatsappTemplates { ...RestWhatsAppTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestRegisterWhatsAppTemplate($input: RegisterWhatsAppTemplateInput!) {\n    registerWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n"): (typeof documents)["\n  mutation RestRegisterWhatsAppTemplate($input: RegisterWhatsAppTemplateInput!) {\n    registerWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestDeleteWhatsAppTemplate($id: ID!) {\n    deleteWhatsAppTemplate(id: $id) { ...RestWhatsAppTemplateFields }\n  }\n"): (typeof documents)["\n  mutation RestDeleteWhatsAppTemplate($id: ID!) {\n    deleteWhatsAppTemplate(id: $id) { ...RestWhatsAppTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n"): (typeof documents)["\n  mutation RestSyncWhatsAppTemplates {\n    syncWhatsAppTemplates { synced skipped }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RestSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n"): (typeof documents)["\n  mutation RestSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {\n    submitWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n"): (typeof documents)["\n  query AuthBalance {\n    balance { plan messages { remaining } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewTestSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n"): (typeof documents)["\n  query PreviewTestSheet($csv: String!) {\n    sheetRecipients(csv: $csv) { to variables row }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PreviewTestPreview($input: SendBulkInput!, $first: Int) {\n    previewBulk(input: $input, first: $first) { total skipped recipients { to text skipped } }\n  }\n"): (typeof documents)["\n  query PreviewTestPreview($input: SendBulkInput!, $first: Int) {\n    previewBulk(input: $input, first: $first) { total skipped recipients { to text skipped } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactsOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation ContactsOptOut($numbers: [String!]!) {\n    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactsOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation ContactsOptIn($numbers: [String!]!) {\n    optInContacts(numbers: $numbers) { optedIn invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactsImport($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"): (typeof documents)["\n  mutation ContactsImport($numbers: [String!]!) {\n    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactsList($search: String, $optedOut: Boolean, $first: Int, $after: String) {\n    contacts(search: $search, optedOut: $optedOut, first: $first, after: $after) {\n      edges { node { phone name optedOut optOutReason } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query ContactsList($search: String, $optedOut: Boolean, $first: Int, $after: String) {\n    contacts(search: $search, optedOut: $optedOut, first: $first, after: $after) {\n      edges { node { phone name optedOut optOutReason } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactsOne($phone: String!) {\n    contact(phone: $phone) { id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason }\n  }\n"): (typeof documents)["\n  query ContactsOne($phone: String!) {\n    contact(phone: $phone) { id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactsSetName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { phone name optedOut }\n  }\n"): (typeof documents)["\n  mutation ContactsSetName($phone: String!, $name: String) {\n    setContactName(phone: $phone, name: $name) { phone name optedOut }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactsSettings {\n    consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n  }\n"): (typeof documents)["\n  query ContactsSettings {\n    consentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactsSetSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      useDefaultStopWords stopWords confirmationText effectiveStopWords\n    }\n  }\n"): (typeof documents)["\n  mutation ContactsSetSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {\n    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {\n      useDefaultStopWords stopWords confirmationText effectiveStopWords\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportTestMessages($since: String, $until: String) {\n    messages(first: 20, since: $since, until: $until) {\n      edges { node { id to text imageUrl kind status error accountId batchId createdAt sentAt deliveredAt readAt } }\n    }\n  }\n"): (typeof documents)["\n  query ExportTestMessages($since: String, $until: String) {\n    messages(first: 20, since: $since, until: $until) {\n      edges { node { id to text imageUrl kind status error accountId batchId createdAt sentAt deliveredAt readAt } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ExportTestStart($input: StartExportInput!) {\n    startExport(input: $input) { export { id status kind format from to progress } }\n  }\n"): (typeof documents)["\n  mutation ExportTestStart($input: StartExportInput!) {\n    startExport(input: $input) { export { id status kind format from to progress } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ExportTestState($id: ID!) { export(id: $id) { id status rowsDone rowsTotal progress downloadPath } }\n"): (typeof documents)["\n  query ExportTestState($id: ID!) { export(id: $id) { id status rowsDone rowsTotal progress downloadPath } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GqlSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }\n  }\n"): (typeof documents)["\n  mutation GqlSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id to status text sentAt error accountId attempts createdAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GqlBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued status messages { id to } }\n  }\n"): (typeof documents)["\n  mutation GqlBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued status messages { id to } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GqlBatch($id: ID!) {\n    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }\n  }\n"): (typeof documents)["\n  query GqlBatch($id: ID!) {\n    batch(id: $id) { id total finished counts { pending sending sent failed } messages { id status } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {\n    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {\n      edges { cursor node { id status batchId } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n"): (typeof documents)["\n  query GqlMessages($first: Int, $after: String, $last: Int, $before: String, $status: [MessageStatus!], $batchId: ID) {\n    messages(first: $first, after: $after, last: $last, before: $before, status: $status, batchId: $batchId) {\n      edges { cursor node { id status batchId } }\n      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GqlOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n"): (typeof documents)["\n  query GqlOverview {\n    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }\n    accounts { id phoneNumber status todaySent monthSent dailyLimit monthlyLimit }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImageLinkSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n"): (typeof documents)["\n  mutation ImageLinkSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id status } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImageLinkBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued }\n  }\n"): (typeof documents)["\n  mutation ImageLinkBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId queued }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ImageLinkTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name imageUrl } }\n  }\n"): (typeof documents)["\n  mutation ImageLinkTemplate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { name imageUrl } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges { cursor node { id number kind totalHalalas creditFor pdfPath } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query TestInvoices($first: Int, $after: String) {\n    invoices(first: $first, after: $after) {\n      edges { cursor node { id number kind totalHalalas creditFor pdfPath } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n"): (typeof documents)["\n  query TestInvoice($id: ID!) {\n    invoice(id: $id) {\n      id number kind issuedAt seller { name vatNumber } buyer { name vatNumber }\n      lines { position descriptionAr descriptionEn quantity unitHalalas netHalalas vatHalalas }\n      subtotalHalalas vatHalalas totalHalalas currency creditFor paymentProvider paymentReference pdfPath\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IsolationMessages($first: Int, $batchId: ID) {\n    messages(first: $first, batchId: $batchId) { edges { node { id to } } }\n  }\n"): (typeof documents)["\n  query IsolationMessages($first: Int, $batchId: ID) {\n    messages(first: $first, batchId: $batchId) { edges { node { id to } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterTestMessages($to: String, $since: String, $until: String) {\n    messages(first: 10, to: $to, since: $since, until: $until) { edges { node { to text } } }\n  }\n"): (typeof documents)["\n  query FilterTestMessages($to: String, $since: String, $until: String) {\n    messages(first: 10, to: $to, since: $since, until: $until) { edges { node { to text } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FilterTestActivity {\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n"): (typeof documents)["\n  query FilterTestActivity {\n    queuedMessages\n    sendingActivity { hour sent failed }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OneCheckSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n"): (typeof documents)["\n  mutation OneCheckSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OneCheckBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId }\n  }\n"): (typeof documents)["\n  mutation OneCheckBulk($input: SendBulkInput!) {\n    sendBulk(input: $input) { batchId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryFailed($id: ID!) {\n    retryMessage(id: $id) { message { id status attempts error } }\n  }\n"): (typeof documents)["\n  mutation RetryFailed($id: ID!) {\n    retryMessage(id: $id) { message { id status attempts error } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RichRegisterTicket {\n    registerWhatsAppTemplate(input: { name: \"ticket\", language: \"en_US\", category: utility, headerFormat: document, bodyParameters: 2, buttons: [{ type: url, parameters: 1 }] }) {\n      id bodyParameters headerParameters\n    }\n  }\n"): (typeof documents)["\n  mutation RichRegisterTicket {\n    registerWhatsAppTemplate(input: { name: \"ticket\", language: \"en_US\", category: utility, headerFormat: document, bodyParameters: 2, buttons: [{ type: url, parameters: 1 }] }) {\n      id bodyParameters headerParameters\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RichSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id kind status } }\n  }\n"): (typeof documents)["\n  mutation RichSend($input: SendMessageInput!) {\n    sendMessage(input: $input) { message { id kind status } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TplCreate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { id name text imageUrl variables createdAt updatedAt } }\n  }\n"): (typeof documents)["\n  mutation TplCreate($input: CreateTemplateInput!) {\n    createTemplate(input: $input) { template { id name text imageUrl variables createdAt updatedAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TplList {\n    templates { name text variables }\n  }\n"): (typeof documents)["\n  query TplList {\n    templates { name text variables }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TplOne($name: String!) {\n    template(name: $name) { id name text imageUrl variables }\n  }\n"): (typeof documents)["\n  query TplOne($name: String!) {\n    template(name: $name) { id name text imageUrl variables }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TplMessageText($id: ID!) {\n    message(id: $id) { id status text }\n  }\n"): (typeof documents)["\n  query TplMessageText($id: ID!) {\n    message(id: $id) { id status text }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LimitInvite($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LimitInvite($input: InviteUserInput!) {\n    inviteUser(input: $input) {\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WhCreate($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }\n  }\n"): (typeof documents)["\n  mutation WhCreate($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled createdAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WhEndpoints { webhookEndpoints { id url events } }\n"): (typeof documents)["\n  query WhEndpoints { webhookEndpoints { id url events } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }\n"): (typeof documents)["\n  mutation WhDelete($id: ID!) { deleteWebhookEndpoint(id: $id) { endpoint { id url } } }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): (typeof documents)["\n  query WhDeliveries($first: Int, $after: String, $filter: WebhookDeliveryFilter) {\n    webhookDeliveries(first: $first, after: $after, filter: $filter) {\n      edges { node { id endpointId eventId eventType messageId status attempts responseStatus lastError payload deliveredAt } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }\n"): (typeof documents)["\n  mutation WhReplay($id: ID!) { replayWebhookDelivery(id: $id) { delivery { id eventId status attempts } } }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;