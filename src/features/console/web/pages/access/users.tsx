import { useEffect, useState } from "preact/hooks";
import { ApiError, request } from "../../api.js";
import { InviteUserMutation, PasswordLinkMutation, SetUserDisabledMutation, SetUserRoleMutation, UsersQuery } from "../../queries-access.js";
import type { StaffRole, StaffUserFieldsFragment } from "../../gql/graphql.js";
import type { PageProps } from "../../page.js";
import type { TextKey, Texts } from "../../i18n.js";
import { roleKey } from "../../access.js";
import { Failure, fieldText, Table, type Column, Notices } from "../parts.js";
import { ShownOnce } from "./shown-once.js";

// Users: the business's staff with their role, state, second factor and last sign-in; inviting
// someone by email and role, changing a role, disabling and enabling, and a new password link.
// A link is shown once, for the inviter to pass on (the gateway sends no email); a role beyond
// the caller's own is refused by the server, whose words are shown.

type User = StaffUserFieldsFragment;
type Link = { email: string; link: string; until: string };

const ROLES: StaffRole[] = ["owner", "admin", "campaigns", "agent", "viewer"];

export function Users({ tx, session }: PageProps) {
  const [users, setUsers] = useState<User[] | undefined>();
  const [failure, setFailure] = useState<Error | undefined>();
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const [link, setLink] = useState<Link | undefined>();
  const load = () => request(UsersQuery).then((d) => setUsers(d.users), setFailure);
  useEffect(() => void load(), []);
  const run = (work: () => Promise<string>) => {
    setProblem("");
    work().then(
      async (done) => {
        setStatus(done);
        await load();
      },
      (err: unknown) => (err instanceof ApiError ? setProblem(Object.values(err.fields).join(" ") || err.message) : setFailure(err as Error)),
    );
  };
  const me = session.signed_in_as;
  // Only an owner makes an owner; anyone else is offered the others (the server checks regardless).
  const roles = me.kind === "user" && me.role !== "owner" ? ROLES.filter((r) => r !== "owner") : ROLES;
  const { actions, invite } = userActions(tx, run, setLink);
  if (failure) return <Failure tx={tx} error={failure} />;
  if (!users) return <p>{tx.t("loading")}</p>;
  return (
    <>
      <h2>{tx.t("users")}</h2>
      <p>{tx.t("usersHelp")}</p>
      <Notices status={status} problem={problem} />
      {link && (
        <ShownOnce
          tx={tx}
          title={tx.t("linkTitle", { email: link.email })}
          help={tx.t("linkOnce", { date: tx.dateTime(link.until) })}
          value={link.link}
          onClose={() => setLink(undefined)}
        />
      )}
      {users.length === 0 ? <p>{tx.t("noUsers")}</p> : <Table columns={userColumns(tx, roles, me.kind === "user" ? me.email : "", actions)} rows={users} rowKey={(u) => u.id} />}
      <InviteForm tx={tx} roles={roles} onInvite={invite} />
    </>
  );
}

/** What the page's buttons and the invitation do: each a mutation whose answer becomes the status (and a link shown once). */
function userActions(tx: Texts, run: (work: () => Promise<string>) => void, setLink: (l: Link) => void) {
  const actions: Actions = {
    role: (u, role) =>
      run(async () => {
        await request(SetUserRoleMutation, { id: u.id, role });
        return tx.t("roleChanged", { email: u.email, role: tx.t(roleKey(role)) });
      }),
    disabled: (u, disabled) =>
      run(async () => {
        await request(SetUserDisabledMutation, { id: u.id, disabled });
        return tx.t(disabled ? "userDisabled" : "userEnabled", { email: u.email });
      }),
    link: (u) =>
      run(async () => {
        const r = (await request(PasswordLinkMutation, { id: u.id })).sendUserPasswordLink;
        setLink({ email: u.email, link: r.link, until: r.linkExpiresAt });
        return tx.t("linkMade", { email: u.email });
      }),
  };
  const invite = (email: string, role: StaffRole) =>
    run(async () => {
      const r = (await request(InviteUserMutation, { input: { email, role } })).inviteUser;
      setLink({ email: r.user.email, link: r.link, until: r.linkExpiresAt });
      return tx.t("invited", { email: r.user.email });
    });
  return { actions, invite };
}

function InviteForm({ tx, roles, onInvite }: { tx: Texts; roles: StaffRole[]; onInvite: (email: string, role: StaffRole) => void }) {
  const submit = (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    onInvite(fieldText(f, "email"), fieldText(f, "role") as StaffRole);
    form.reset();
    (form.elements.namedItem("role") as HTMLSelectElement).value = "agent";
  };
  return (
    <form class="settings" onSubmit={submit}>
      <h3>{tx.t("inviteTitle")}</h3>
      <label for="invite-email">{tx.t("email")}</label>
      <input id="invite-email" name="email" type="email" dir="ltr" required autocomplete="off" />
      <label for="invite-role">{tx.t("role")}</label>
      <select id="invite-role" name="role">
        {roles.map((r) => (
          <option key={r} value={r} selected={r === "agent"}>
            {tx.t(roleKey(r))}
          </option>
        ))}
      </select>
      <p class="help">{tx.t("rolesHelp")}</p>
      <div class="actions">
        <button type="submit">{tx.t("invite")}</button>
      </div>
    </form>
  );
}

interface Actions {
  role: (u: User, role: StaffRole) => void;
  disabled: (u: User, disabled: boolean) => void;
  link: (u: User) => void;
}

/** A user's role, changed by choosing another and pressing the button beside it. */
function RoleChange({ tx, user, roles, onChange }: { tx: Texts; user: User; roles: StaffRole[]; onChange: (role: StaffRole) => void }) {
  const id = `role-${user.id}`;
  return (
    <form
      class="inline"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(fieldText(new FormData(e.currentTarget), "role") as StaffRole);
      }}
    >
      <label class="visually-hidden" for={id}>
        {tx.t("roleOf", { email: user.email })}
      </label>
      <select id={id} name="role" key={user.role}>
        {(roles.includes(user.role) ? roles : [user.role, ...roles]).map((r) => (
          <option key={r} value={r} selected={r === user.role}>
            {tx.t(roleKey(r))}
          </option>
        ))}
      </select>{" "}
      <button type="submit" class="secondary" aria-label={tx.t("changeRoleOf", { email: user.email })}>
        {tx.t("changeRole")}
      </button>
    </form>
  );
}

function userColumns(tx: Texts, roles: StaffRole[], myEmail: string, act: Actions): Array<Column<User>> {
  return [
    { label: tx.t("email"), title: true, cell: (u) => <bdi dir="ltr">{u.email}</bdi> },
    {
      label: tx.t("role"),
      cell: (u) => (u.email === myEmail ? `${tx.t(roleKey(u.role))} ${tx.t("you")}` : <RoleChange tx={tx} user={u} roles={roles} onChange={(r) => act.role(u, r)} />),
    },
    { label: tx.t("state"), cell: (u) => <span class={u.state === "disabled" ? "state paused" : "state"}>{tx.t(`userState_${u.state}` as TextKey)}</span> },
    { label: tx.t("twoFactor"), cell: (u) => tx.t(u.twoFactor ? "on" : "off") },
    { label: tx.t("lastSignIn"), cell: (u) => (u.lastSignInAt ? tx.dateTime(u.lastSignInAt) : tx.t("never")) },
    {
      label: tx.t("userActions"),
      buttons: true,
      cell: (u) =>
        u.email === myEmail ? null : (
          <div class="row-actions">
            <button
              type="button"
              class="secondary"
              aria-label={tx.t(u.state === "disabled" ? "enableOne" : "disableOne", { email: u.email })}
              onClick={() => act.disabled(u, u.state !== "disabled")}
            >
              {tx.t(u.state === "disabled" ? "enable" : "disable")}
            </button>
            <button type="button" class="secondary" aria-label={tx.t("passwordLinkOne", { email: u.email })} onClick={() => act.link(u)}>
              {tx.t("passwordLink")}
            </button>
          </div>
        ),
    },
  ];
}
