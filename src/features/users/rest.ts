import type { z } from "zod";
import type { RestUsersQuery } from "../../gql/graphql.js";
import { route } from "../../core/rest/route.js";
import * as userShapes from "./rest-schemas.js";
import { InviteUserOperation, SendUserPasswordLinkOperation, SetUserDisabledOperation, SetUserRoleOperation, UsersOperation } from "./operations.js";

// Staff users on the REST facade, over the same GraphQL operations as /graphql.

type UserData = RestUsersQuery["users"][number];

const user = (u: UserData) => ({
  id: Number(u.id),
  email: u.email,
  role: u.role,
  state: u.state,
  two_factor: u.twoFactor,
  created_at: u.createdAt,
  last_sign_in_at: u.lastSignInAt ?? null,
  disabled_at: u.disabledAt ?? null,
});

const linkAnswer = (p: { user: UserData; link: string; linkExpiresAt: string }) => ({ success: true as const, user: user(p.user), link: p.link, link_expires_at: p.linkExpiresAt });

const disableRoute = (disabled: boolean) =>
  route({
    method: "POST",
    path: disabled ? /^\/users\/([^/]+)\/disable$/ : /^\/users\/([^/]+)\/enable$/,
    doc: {
      path: disabled ? "/users/{id}/disable" : "/users/{id}/enable",
      operationId: disabled ? "disableUser" : "enableUser",
      summary: disabled ? "Disable a staff user: they cannot sign in, and their sessions end at once" : "Enable a disabled staff user again",
      description: disabled
        ? "The account's last enabled owner cannot be disabled, nor can a caller disable itself."
        : "Enabled users count toward the plan's `max_users` (422 `USER_LIMIT_REACHED` when it is full).",
      tag: "Users",
      errors: disabled ? ["NOT_FOUND"] : ["NOT_FOUND", "USER_LIMIT_REACHED"],
    },
    answer: userShapes.userResponse,
    operation: SetUserDisabledOperation,
    variables: ([id]) => ({ id: id ?? "", disabled }),
    respond: ({ setUserDisabled: p }) => ({ success: true as const, user: user(p.user) }),
  });

export const userRoutes = [
  route({
    method: "GET",
    path: /^\/users$/,
    doc: { path: "/users", operationId: "listUsers", summary: "Your staff users, by email", tag: "Users", errors: [] },
    answer: userShapes.usersResponse,
    operation: UsersOperation,
    variables: () => ({}),
    respond: ({ users }) => ({ users: users.map(user) }),
  }),
  route({
    method: "POST",
    path: /^\/users$/,
    doc: {
      path: "/users",
      operationId: "inviteUser",
      summary: "Invite a staff user by email with a role",
      description:
        "The answer's `link`, shown only this once and valid 72 hours, is where the person chooses a password. A caller gives only a role whose scopes it has; only an owner invites an owner. At most the plan's `max_users` users that are invited or active, disabled ones not counted (422 `USER_LIMIT_REACHED`); an email that is taken is 409 `EMAIL_TAKEN`.",
      tag: "Users",
      body: userShapes.userInviteBody,
      errors: ["USER_LIMIT_REACHED", "EMAIL_TAKEN"],
    },
    answer: userShapes.userLinkResponse,
    operation: InviteUserOperation,
    variables: (_, body) => ({ input: body as z.output<typeof userShapes.userInviteBody> }),
    checked: ({ input }) => input,
    respond: ({ inviteUser: p }) => linkAnswer(p),
  }),
  route({
    method: "PUT",
    path: /^\/users\/([^/]+)\/role$/,
    doc: {
      path: "/users/{id}/role",
      operationId: "setUserRole",
      summary: "Give a staff user another role; their console sessions end",
      description: "Only an owner changes an owner or makes one; the account's last enabled owner keeps that role.",
      tag: "Users",
      body: userShapes.userRoleBody,
      errors: ["NOT_FOUND"],
    },
    answer: userShapes.userResponse,
    operation: SetUserRoleOperation,
    variables: ([id], body) => ({ id: id ?? "", role: (body as z.output<typeof userShapes.userRoleBody>).role }),
    respond: ({ setUserRole: p }) => ({ success: true as const, user: user(p.user) }),
  }),
  disableRoute(true),
  disableRoute(false),
  route({
    method: "POST",
    path: /^\/users\/([^/]+)\/password-link$/,
    doc: {
      path: "/users/{id}/password-link",
      operationId: "sendUserPasswordLink",
      summary: "A new one-time link for a staff user to choose a password",
      description: "Valid 72 hours; earlier links of the user stop working. Following it ends the user's other sessions.",
      tag: "Users",
      errors: ["NOT_FOUND"],
    },
    answer: userShapes.userLinkResponse,
    operation: SendUserPasswordLinkOperation,
    variables: ([id]) => ({ id: id ?? "" }),
    respond: ({ sendUserPasswordLink: p }) => linkAnswer(p),
  }),
];
