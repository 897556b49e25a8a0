import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the REST facade's template routes (template-routes.ts):
// each route runs exactly one, all selecting the same fields through one fragment.

export const TemplateFieldsFragment = graphql(`
  fragment RestTemplateFields on Template { id name text imageUrl variables createdAt updatedAt }
`);

export const TemplatesOperation = graphql(`
  query RestTemplates {
    templates { ...RestTemplateFields }
  }
`);

export const TemplateOperation = graphql(`
  query RestTemplate($name: String!) {
    template(name: $name) { ...RestTemplateFields }
  }
`);

export const CreateTemplateOperation = graphql(`
  mutation RestCreateTemplate($input: CreateTemplateInput!) {
    createTemplate(input: $input) { template { ...RestTemplateFields } }
  }
`);

export const UpdateTemplateOperation = graphql(`
  mutation RestUpdateTemplate($name: String!, $input: UpdateTemplateInput!) {
    updateTemplate(name: $name, input: $input) { template { ...RestTemplateFields } }
  }
`);

export const DeleteTemplateOperation = graphql(`
  mutation RestDeleteTemplate($name: String!, $force: Boolean) {
    deleteTemplate(name: $name, force: $force) {
      queuedMessages
      template { ...RestTemplateFields }
    }
  }
`);
