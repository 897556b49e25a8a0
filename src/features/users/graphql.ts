import { builder } from "../../core/graphql/builder.js";
import { checkedInput } from "../../core/graphql/checked-input.js";
import { ROLES } from "../../core/staff/roles.js";
import { changeUserRole, type IssuedLink, inviteUser, issuePasswordLink, listUsers, setUserDisabled } from "./users.js";
import { parseInvitation, parseRole } from "./user-input.js";
import { linkAddress } from "./user-mails.js";
import type { UserView } from "./users-sql.js";

export const StaffRoleEnum = builder.enumType("StaffRole", {
  values: ROLES,
  description: "A staff user's role, a fixed set of scopes (docs/access.md): owner and admin hold all; campaigns sends and runs campaigns; agent answers the inbox; viewer reads.",
});

const StaffUserStateEnum = builder.enumType("StaffUserState", {
  values: ["invited", "active", "disabled"] as const,
  description: "invited: has not chosen a password yet; active; disabled: cannot sign in.",
});

const stamp = (at: Date | null, ctx: { deps: { clock: { timestamp(d: Date): string } } }) => (at ? ctx.deps.clock.timestamp(at) : null);

const StaffUserRef = builder.objectRef<UserView>("StaffUser").implement({
  description: "A person of the tenant who signs in to the console with an email and a password.",
  fields: (t) => ({
    id: t.id({ resolve: (u) => String(u.id) }),
    email: t.exposeString("email"),
    role: t.field({ type: StaffRoleEnum, resolve: (u) => u.role }),
    state: t.field({ type: StaffUserStateEnum, resolve: (u) => u.state }),
    twoFactor: t.exposeBoolean("twoFactor", { description: "Whether they sign in with a TOTP code as well." }),
    createdAt: t.string({ resolve: (u, _, ctx) => ctx.deps.clock.timestamp(u.createdAt) }),
    lastSignInAt: t.string({ nullable: true, resolve: (u, _, ctx) => stamp(u.lastSignInAt, ctx) }),
    disabledAt: t.string({ nullable: true, resolve: (u, _, ctx) => stamp(u.disabledAt, ctx) }),
  }),
});

const UserLinkPayload = builder.simpleObject("UserLinkPayload", {
  fields: (t) => ({
    user: t.field({ type: StaffUserRef }),
    link: t.string({ description: "The one-time address where the person chooses a password. Shown only now; it works once." }),
    linkExpiresAt: t.string({ description: "72 hours after it was made." }),
  }),
});

const UserPayload = builder.simpleObject("UserPayload", { fields: (t) => ({ user: t.field({ type: StaffUserRef }) }) });

const InviteUserInput = builder.inputType("InviteUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.field({ type: StaffRoleEnum, required: true, description: "A role whose scopes the caller has; only an owner invites an owner." }),
  }),
});

const linkPayload = (issued: IssuedLink, ctx: { linkOrigin: string | undefined; deps: { clock: { timestamp(d: Date): string } } }) => ({
  user: issued.user,
  link: linkAddress(ctx.linkOrigin ?? "", issued.token),
  linkExpiresAt: ctx.deps.clock.timestamp(issued.expiresAt),
});

builder.queryFields((t) => ({
  users: t.field({
    authScopes: { scope: "users:manage" },
    type: [StaffUserRef],
    description: "The tenant's staff users, by email, disabled ones included.",
    resolve: async (_, __, ctx) => listUsers(ctx.deps, await ctx.principal()),
  }),
}));

builder.mutationFields((t) => ({
  inviteUser: t.field({
    authScopes: { scope: "users:manage" },
    type: UserLinkPayload,
    description:
      "Invites someone by email with a role: the link, valid 72 hours, lets them choose a password; it is emailed to them and is also in the answer. At most the plan's max_users users that are not disabled (USER_LIMIT_REACHED).",
    args: { input: t.arg({ type: InviteUserInput, required: true }) },
    resolve: async (_, { input }, ctx) => linkPayload(await inviteUser(ctx.deps, await ctx.principal(), checkedInput(ctx, parseInvitation, input), ctx.linkOrigin), ctx),
  }),
  setUserRole: t.field({
    authScopes: { scope: "users:manage" },
    type: UserPayload,
    description: "Gives a user another role; their console sessions end (and their live streams within the live-auth bound).",
    args: { id: t.arg.id({ required: true }), role: t.arg({ type: StaffRoleEnum, required: true }) },
    resolve: async (_, args, ctx) => ({ user: await changeUserRole(ctx.deps, await ctx.principal(), String(args.id), parseRole(args.role)) }),
  }),
  setUserDisabled: t.field({
    authScopes: { scope: "users:manage" },
    type: UserPayload,
    description: "Disables a user (their sessions end at once) or enables them again.",
    args: { id: t.arg.id({ required: true }), disabled: t.arg.boolean({ required: true }) },
    resolve: async (_, args, ctx) => ({ user: await setUserDisabled(ctx.deps, await ctx.principal(), String(args.id), args.disabled) }),
  }),
  sendUserPasswordLink: t.field({
    authScopes: { scope: "users:manage" },
    type: UserLinkPayload,
    description: "A new one-time link (72 hours) for the user to choose a password, emailed to them and in the answer; earlier links stop working.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_, args, ctx) => linkPayload(await issuePasswordLink(ctx.deps, await ctx.principal(), String(args.id), ctx.linkOrigin), ctx),
  }),
}));
