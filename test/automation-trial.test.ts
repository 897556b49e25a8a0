import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";

// Trying a message against the rules with a draft (docs/automation.md, Trying a message): the rule
// an editor holds, tried in its place among the saved ones, checked as saving it would be, and
// never saved.

describe("a trial with a draft", () => {
  const server = useServer({});

  async function business() {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const prices = (await api.post("/automation/rules", { name: "Prices", trigger: "keyword", keyword: "price", action: "reply", message: "Our prices" })).body.rule;
    const fallback = (await api.post("/automation/rules", { name: "Else", trigger: "fallback", action: "reply", message: "A person will answer" })).body.rule;
    return { ...t, api, prices, fallback };
  }

  it("tries a new rule and an edit in their places among the saved rules, over REST and GraphQL, saving nothing", async () => {
    const b = await business();
    const trial = async (body: object) => {
      const r = await b.api.post("/automation/rules/test", body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return { rule: r.body.rule?.name ?? null, draft: r.body.draft, message: r.body.message };
    };
    // Made last, a keyword rule would come after the fallback: it is tried where the editor puts it.
    const hours = { name: "Hours", trigger: "keyword", keyword: "hours", action: "reply", message: "9 to 5" };
    expect(await trial({ message: "your hours?", draft: hours })).toEqual({ rule: "Else", draft: false, message: "A person will answer" });
    expect(await trial({ message: "your hours?", draft: { ...hours, position: 2 } })).toEqual({ rule: "Else", draft: false, message: "A person will answer" });
    expect(await trial({ message: "your hours?", draft: { ...hours, position: 1 } })).toEqual({ rule: null, draft: true, message: "9 to 5" });
    expect(await trial({ message: "your hours?" })).toEqual({ rule: "Else", draft: false, message: "A person will answer" });
    expect(await trial({ message: "price?", draft: { ...hours, position: 1 } })).toEqual({ rule: "Prices", draft: false, message: "Our prices" });

    // An edit stands in for the rule it edits: its old keyword no longer answers, its new one does.
    const edit = { name: "Prices", trigger: "keyword", keyword: "cost", action: "reply", message: "Our costs" };
    expect(await trial({ message: "price?", draft: edit, replaces: b.prices.id })).toEqual({ rule: "Else", draft: false, message: "A person will answer" });
    expect(await trial({ message: "cost?", draft: edit, replaces: b.prices.id })).toEqual({ rule: null, draft: true, message: "Our costs" });
    expect(await trial({ message: "cost?", draft: { ...edit, enabled: false }, replaces: b.prices.id })).toMatchObject({ rule: "Else", draft: false });
    // A new rule at an existing position comes after the older rule there, and before the later ones.
    const early = { name: "Early", trigger: "fallback", action: "reply", message: "Early", position: 1 };
    expect(await trial({ message: "price", draft: early })).toMatchObject({ rule: "Prices", draft: false });
    expect(await trial({ message: "hello", draft: early })).toEqual({ rule: null, draft: true, message: "Early" });

    const gql = await b.api.request("POST", "/graphql", {
      query: "query($input: AutomationTrialInput!) { automationTrial(input: $input) { draft text rule { name } } }",
      variables: { input: { text: "cost?", replaces: String(b.prices.id), draft: { name: "Prices", trigger: "keyword", keyword: "cost", action: "reply", text: "Our costs" } } },
    });
    expect(gql.body).toEqual({ data: { automationTrial: { draft: true, text: "Our costs", rule: null } } });
    expect((await b.api.get("/automation/rules")).body.rules.map((r: { name: string; keyword: string | null }) => [r.name, r.keyword])).toEqual([
      ["Prices", "price"],
      ["Else", null],
    ]);
  });

  it("names a draft's problems inside draft, as saving it would find them, and answers 404 for a rule it cannot edit", async () => {
    const b = await business();
    const problems: Array<[object, string]> = [
      [{ name: "x", trigger: "keyword", action: "reply", message: "m" }, "draft[keyword]"],
      [{ name: "x", trigger: "fallback", action: "reply", message: "m", image_url: "https://127.0.0.1/a.jpg" }, "draft[image_url]"],
      [{ name: "x", trigger: "fallback", action: "reply", message: "m", cooldown_seconds: -1 }, "draft[cooldown_seconds]"],
      [{ name: "x", trigger: "fallback", action: "menu", menu: { text: "t", options: [{ title: "A" }] } }, "draft[menu][options][0]"],
    ];
    for (const [draft, field] of problems) {
      const r = await b.api.post("/automation/rules/test", { message: "hi", draft });
      expect([r.status, Object.keys(r.body.error?.fields ?? {})], JSON.stringify(draft)).toEqual([422, [field]]);
    }
    const other = await server().seed.tenant().account().create();
    const stranger = (await server().client(other.key).post("/automation/rules", { name: "Theirs", trigger: "fallback", action: "reply", message: "m" })).body.rule;
    const r = await b.api.post("/automation/rules/test", { message: "hi", draft: { name: "x", trigger: "fallback", action: "reply", message: "m" }, replaces: stranger.id });
    expect([r.status, r.body.error?.code]).toEqual([404, "NOT_FOUND"]);
    expect(await server().app.deps.db.automationRule.count({ where: { tenantId: b.id } })).toBe(2);
  });
});
