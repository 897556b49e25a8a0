import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the REST facade's contact and consent routes
// (contact-routes.ts): each route runs exactly one, contacts all selected through one fragment.

export const ContactFieldsFragment = graphql(`
  fragment RestContactFields on Contact {
    id phone lid name firstSeenAt lastSeenAt lastInboundAt lastOutboundAt optedOut optedOutAt optOutReason windows { accountId openUntil open }
  }
`);

export const ConsentSettingsFieldsFragment = graphql(`
  fragment RestConsentSettingsFields on ConsentSettings { useDefaultStopWords stopWords confirmationText defaultStopWords effectiveStopWords }
`);

export const ContactsOperation = graphql(`
  query RestContacts($first: Int, $after: String, $search: String, $optedOut: Boolean) {
    contacts(first: $first, after: $after, search: $search, optedOut: $optedOut) {
      edges { node { ...RestContactFields } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

export const ContactOperation = graphql(`
  query RestContact($phone: String!) {
    contact(phone: $phone) { ...RestContactFields }
  }
`);

export const SetContactNameOperation = graphql(`
  mutation RestSetContactName($phone: String!, $name: String) {
    setContactName(phone: $phone, name: $name) { ...RestContactFields }
  }
`);

export const OptOutContactsOperation = graphql(`
  mutation RestOptOutContacts($numbers: [String!]!) {
    optOutContacts(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }
  }
`);

export const ImportSuppressionListOperation = graphql(`
  mutation RestImportSuppressionList($numbers: [String!]!) {
    importSuppressionList(numbers: $numbers) { optedOut already cancelled inFlight invalid { index value } }
  }
`);

export const OptInContactsOperation = graphql(`
  mutation RestOptInContacts($numbers: [String!]!) {
    optInContacts(numbers: $numbers) { optedIn invalid { index value } }
  }
`);

export const ConsentSettingsOperation = graphql(`
  query RestConsentSettings {
    consentSettings { ...RestConsentSettingsFields }
  }
`);

export const SetConsentSettingsOperation = graphql(`
  mutation RestSetConsentSettings($useDefaultStopWords: Boolean, $stopWords: [String!], $confirmationText: String) {
    setConsentSettings(useDefaultStopWords: $useDefaultStopWords, stopWords: $stopWords, confirmationText: $confirmationText) {
      ...RestConsentSettingsFields
    }
  }
`);
