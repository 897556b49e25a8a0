import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind the exports' REST routes.

export const StartExportOperation = graphql(`
  mutation RestStartExport($input: StartExportInput!) {
    startExport(input: $input) {
      export { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }
    }
  }
`);

export const ExportOperation = graphql(`
  query RestExport($id: ID!) {
    export(id: $id) { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }
  }
`);

export const ExportsOperation = graphql(`
  query RestExports {
    exports { id kind format from to status rowsDone rowsTotal progress bytes error createdAt finishedAt expiresAt downloadPath }
  }
`);
