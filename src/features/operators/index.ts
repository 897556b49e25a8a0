export { OPERATOR_ROLES, roleMay, kindsOf, type CommandKind, type OperatorRole } from "./operator-roles.js";
export { CLI_ACTOR, recordOperatorEvent, verifyOperatorChain, type OperatorChainReport } from "./operator-audit.js";
export { createOperator, listOperators, resetOperator, setOperatorDisabled, type OperatorAuthor, type OperatorCredentials, type OperatorView } from "./operator-accounts.js";
export {
  endOperatorSession,
  OPERATOR_COOKIE,
  operatorCookie,
  operatorOfRequest,
  operatorOfSession,
  operatorTokenFromHeaders,
  startOperatorSession,
  type OperatorPrincipal,
} from "./operator-session.js";
export { deleteEndedOperatorSessions } from "./operator-sql.js";
