import { graphql } from "../../gql/index.js";

// The prepared GraphQL operations behind this feature's REST routes: each route runs exactly one.

export const SignUpOperation = graphql(`
  mutation RestSignUp($input: SignUpInput!) {
    signUp(input: $input) { message }
  }
`);

export const VerifyEmailOperation = graphql(`
  mutation RestVerifyEmail($token: String!) {
    verifyEmail(token: $token) { email }
  }
`);
