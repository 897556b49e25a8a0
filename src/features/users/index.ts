// What the users feature offers other features (the console's routes, the admin commands).
export { useLink } from "./user-links.js";
export { linkAddress } from "./user-mails.js";
export { beginTwoFactor, confirmTwoFactor, turnOffTwoFactor } from "./user-totp.js";
export { newPassword, userEmail } from "./user-input.js";
export { createUserAsOperator, changeRoleAsOperator, disableUserAsOperator, passwordLinkAsOperator } from "./operator-users.js";
