import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the REST facade's WhatsApp template routes (rest.ts).

export const WhatsAppTemplateFieldsFragment = graphql(`
  fragment RestWhatsAppTemplateFields on WhatsAppTemplate {
    id name language category accountId headerFormat headerParameters bodyParameters buttons { type parameters } status statusReason quality createdAt
  }
`);

export const WhatsAppTemplatesOperation = graphql(`
  query RestWhatsAppTemplates {
    whatsappTemplates { ...RestWhatsAppTemplateFields }
  }
`);

export const RegisterWhatsAppTemplateOperation = graphql(`
  mutation RestRegisterWhatsAppTemplate($input: RegisterWhatsAppTemplateInput!) {
    registerWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }
  }
`);

export const DeleteWhatsAppTemplateOperation = graphql(`
  mutation RestDeleteWhatsAppTemplate($id: ID!) {
    deleteWhatsAppTemplate(id: $id) { ...RestWhatsAppTemplateFields }
  }
`);

export const SyncWhatsAppTemplatesOperation = graphql(`
  mutation RestSyncWhatsAppTemplates {
    syncWhatsAppTemplates { synced skipped }
  }
`);

export const SubmitWhatsAppTemplateOperation = graphql(`
  mutation RestSubmitWhatsAppTemplate($input: SubmitWhatsAppTemplateInput!) {
    submitWhatsAppTemplate(input: $input) { ...RestWhatsAppTemplateFields }
  }
`);
