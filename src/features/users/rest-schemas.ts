import { z } from "zod";
import { timestamp } from "../../core/rest/schemas.js";
import { ROLES } from "../../core/staff/roles.js";
import { userEmail, userRole } from "./user-input.js";

// The user routes' bodies and answers (see core/rest/schemas.ts for how they are used), built
// from the service's own field rules (user-input.ts).

const role = z.enum(ROLES).meta({ id: "StaffRole", description: "A staff user's role, a fixed set of scopes (docs/access.md)." });

export const userInviteBody = z
  .strictObject({
    email: userEmail.meta({ description: "Their email; one user per email in the whole gateway.", examples: ["agent@example.com"] }),
    role: userRole.meta({ description: "A role whose scopes the caller has; only an owner invites an owner.", examples: ["agent"] }),
  })
  .meta({ id: "InviteUserRequest" });

export const userRoleBody = z
  .strictObject({ role: userRole.meta({ description: "The new role; their console sessions end.", examples: ["viewer"] }) })
  .meta({ id: "ChangeUserRoleRequest" });

const user = z
  .object({
    id: z.number().int().positive(),
    email: z.string(),
    role,
    state: z.enum(["invited", "active", "disabled"]).meta({ description: "invited: has not chosen a password yet." }),
    two_factor: z.boolean().meta({ description: "Whether they sign in with a TOTP code as well." }),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
    disabled_at: timestamp.nullable(),
  })
  .meta({ id: "StaffUser" });

export const usersResponse = z.object({ users: z.array(user) }).meta({ id: "StaffUsers" });
export const userResponse = z.object({ success: z.literal(true), user }).meta({ id: "StaffUserResponse" });
export const userLinkResponse = z
  .object({
    success: z.literal(true),
    user,
    link: z.string().meta({ description: "The one-time address where the person chooses a password: shown only now, works once." }),
    link_expires_at: timestamp.meta({ description: "72 hours after it was made." }),
  })
  .meta({ id: "StaffUserLink" });
