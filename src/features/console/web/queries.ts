import { graphql } from "./gql/index.js";

// Every GraphQL document the console sends, typed by GraphQL Code Generator (codegen.ts writes
// ./gql/ from this file): a field renamed on the server fails the typecheck here.

export const OverviewQuery = graphql(`
  query ConsoleOverview {
    balance { plan subscriptionEnds messages { limit used remaining } accounts { limit connected } }
    accounts { id name phoneNumber status state stateReason todaySent monthSent dailyLimit monthlyLimit }
    sendWindow { timeZone }
    queuedMessages
    sendingActivity { hour sent failed }
  }
`);

export const InboxQuery = graphql(`
  query ConsoleInbox($first: Int!) {
    inboundMessages(first: $first) { edges { node { ...InboxItem } } }
  }
`);

export const InboxItemFragment = graphql(`
  fragment InboxItem on InboundMessage {
    id from text type optOut receivedAt accountId
    inReplyTo { id text }
  }
`);

export const InboxLive = graphql(`
  subscription ConsoleInboxLive {
    inboundMessages { ...InboxItem }
  }
`);

export const OptOutMutation = graphql(`
  mutation ConsoleOptOut($numbers: [String!]!) {
    optOutContacts(numbers: $numbers) { optedOut already }
  }
`);

export const EraseContactMutation = graphql(`
  mutation ConsoleEraseContact($number: String!) {
    eraseContact(number: $number) { messages inboundMessages }
  }
`);

export const SendSetupQuery = graphql(`
  query ConsoleSendSetup {
    templates { name text variables }
    accounts { id name phoneNumber state }
  }
`);

export const SheetQuery = graphql(`
  query ConsoleSheet($csv: String!) {
    sheetRecipients(csv: $csv) { to variables row }
  }
`);

export const PreviewQuery = graphql(`
  query ConsolePreview($input: SendBulkInput!) {
    previewBulk(input: $input, first: 3) { total skipped recipients { to text skipped } }
  }
`);

export const SendBulkMutation = graphql(`
  mutation ConsoleSendBulk($input: SendBulkInput!) {
    sendBulk(input: $input) { batchId queued skipped { to reason } }
  }
`);

export const BatchFieldsFragment = graphql(`
  fragment BatchFields on Batch {
    id total text createdAt sendAt state finished
    counts { pending sending sent failed cancelled optedOut delivered read replies }
  }
`);

export const BatchesQuery = graphql(`
  query ConsoleBatches($first: Int!, $state: BatchState) {
    batches(first: $first, state: $state) { edges { node { ...BatchFields } } }
  }
`);

export const BatchProgressLive = graphql(`
  subscription ConsoleBatchProgress($id: ID!) {
    batchProgress(id: $id) { ...BatchFields }
  }
`);

export const CancelBatchMutation = graphql(`
  mutation ConsoleCancelBatch($id: ID!) {
    cancelBatch(id: $id) { cancelled batch { ...BatchFields } }
  }
`);

export const MessagesQuery = graphql(`
  query ConsoleMessages($first: Int!, $after: String, $status: [MessageStatus!], $to: String, $since: String, $until: String) {
    messages(first: $first, after: $after, status: $status, to: $to, since: $since, until: $until) {
      edges { node { id to text status error createdAt sentAt batchId } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const ContactsQuery = graphql(`
  query ConsoleContacts($first: Int!, $after: String, $search: String, $optedOut: Boolean) {
    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {
      edges { node { id phone name optedOut optOutReason lastInboundAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const OptInMutation = graphql(`
  mutation ConsoleOptIn($numbers: [String!]!) {
    optInContacts(numbers: $numbers) { __typename }
  }
`);

export const ImportSuppressionMutation = graphql(`
  mutation ConsoleImportSuppression($numbers: [String!]!) {
    importSuppressionList(numbers: $numbers) { optedOut already invalid { __typename } }
  }
`);

export const TemplatesQuery = graphql(`
  query ConsoleTemplates {
    templates { name text variables updatedAt }
  }
`);

export const CreateTemplateMutation = graphql(`
  mutation ConsoleCreateTemplate($input: CreateTemplateInput!) {
    createTemplate(input: $input) { template { name } }
  }
`);

export const UpdateTemplateMutation = graphql(`
  mutation ConsoleUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {
    updateTemplate(name: $name, input: $input) { template { name } }
  }
`);

export const DeleteTemplateMutation = graphql(`
  mutation ConsoleDeleteTemplate($name: String!, $force: Boolean) {
    deleteTemplate(name: $name, force: $force) { queuedMessages }
  }
`);

export const SettingsQuery = graphql(`
  query ConsoleSettings {
    sendWindow { days start end timeZone }
    consentSettings { stopWords useDefaultStopWords defaultStopWords }
    webhookEndpoints { id url enabled events }
    webhookDeliveries(first: 20) { edges { node { id endpointId eventType status attempts responseStatus lastError createdAt } } }
  }
`);

export const SetSendWindowMutation = graphql(`
  mutation ConsoleSetSendWindow($input: SendWindowInput) {
    setSendWindow(input: $input) { sendWindow { days start end timeZone } }
  }
`);

export const SetStopWordsMutation = graphql(`
  mutation ConsoleSetStopWords($stopWords: [String!], $useDefaultStopWords: Boolean) {
    setConsentSettings(stopWords: $stopWords, useDefaultStopWords: $useDefaultStopWords) { stopWords useDefaultStopWords }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation ConsoleCreateWebhook($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) { secret endpoint { id url } }
  }
`);

export const ReplayDeliveryMutation = graphql(`
  mutation ConsoleReplayDelivery($id: ID!) {
    replayWebhookDelivery(id: $id) { delivery { id status } }
  }
`);

export const ReplyMutation = graphql(`
  mutation ConsoleReply($input: SendMessageInput!) {
    sendMessage(input: $input) { message { id status } }
  }
`);

export const ConnectionFieldsFragment = graphql(`
  fragment ConnectionFields on AccountConnection {
    accountId name channel state status phoneNumber qr qrChangedAt pairingCode pairingPhone error verifiedName quality messagingTier
  }
`);

export const NumbersQuery = graphql(`
  query ConsoleNumbers {
    accounts { id name phoneNumber status state quality messagingTier }
  }
`);

export const ConnectionQuery = graphql(`
  query ConsoleConnection($id: Int!) {
    accountConnection(id: $id) { ...ConnectionFields }
  }
`);

export const ConnectionLive = graphql(`
  subscription ConsoleConnectionLive($id: Int!) {
    accountConnection(id: $id) { ...ConnectionFields }
  }
`);

export const ConnectAccountMutation = graphql(`
  mutation ConsoleConnectAccount($input: ConnectAccountInput!) {
    connectAccount(input: $input) { ...ConnectionFields }
  }
`);

export const PairingCodeMutation = graphql(`
  mutation ConsolePairingCode($id: Int!, $phoneNumber: String!) {
    requestPairingCode(id: $id, phoneNumber: $phoneNumber) { ...ConnectionFields }
  }
`);

export const RelinkMutation = graphql(`
  mutation ConsoleRelink($id: Int!) {
    relinkAccount(id: $id) { ...ConnectionFields }
  }
`);

export const RemoveAccountMutation = graphql(`
  mutation ConsoleRemoveAccount($id: Int!) {
    removeAccount(id: $id) { id removedAt }
  }
`);

export const EmbeddedSignupQuery = graphql(`
  query ConsoleEmbeddedSignup {
    embeddedSignup { appId configId graphVersion }
  }
`);

export const WhatsAppTemplateFieldsFragment = graphql(`
  fragment WhatsAppTemplateFields on WhatsAppTemplate {
    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt
  }
`);

export const WhatsAppTemplatesQuery = graphql(`
  query ConsoleWhatsAppTemplates {
    whatsappTemplates { ...WhatsAppTemplateFields }
    accounts { id name phoneNumber capabilities { channel } }
  }
`);

export const SyncWhatsAppTemplatesMutation = graphql(`
  mutation ConsoleSyncWhatsAppTemplates {
    syncWhatsAppTemplates { synced skipped }
  }
`);

export const SubmitWhatsAppTemplateMutation = graphql(`
  mutation ConsoleSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {
    submitWhatsAppTemplate(input: $input) { ...WhatsAppTemplateFields }
  }
`);
