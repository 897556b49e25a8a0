import { graphql } from "../../gql/index.js";

// The GraphQL documents of the Exports page; codegen.ts types them into ../../gql/ like the others.

export const ExportFieldsFragment = graphql(`
  fragment ExportFields on Export {
    id kind format from to status rowsDone rowsTotal progress bytes error createdAt expiresAt downloadPath
  }
`);

/** The tenant's latest exports, read again while one is being written. */
export const ExportsQuery = graphql(`
  query ConsoleExports {
    exports { ...ExportFields }
  }
`);

export const StartExportMutation = graphql(`
  mutation ConsoleStartExport($input: StartExportInput!) {
    startExport(input: $input) { export { ...ExportFields } }
  }
`);
