import { describe, expect, it } from "vitest";
import { useServer } from "./kit/server.js";
import { graphql } from "../src/gql/index.js";

// Before a bulk send (the console's send page uses these; any client may): a sheet read as
// recipients by the rules of POST /send-bulk's text/csv body, and a preview that checks the send as
// sendBulk would and renders the first texts, storing and charging nothing.

const Sheet = graphql(`
  query PreviewTestSheet($csv: String!) {
    sheetRecipients(csv: $csv) { to variables row }
  }
`);

const Preview = graphql(`
  query PreviewTestPreview($input: SendBulkInput!, $first: Int) {
    previewBulk(input: $input, first: $first) { total skipped recipients { to text skipped } }
  }
`);

describe("bulk preview", () => {
  const server = useServer();

  it("reads a sheet's rows as recipients, and names the row and column of a bad one", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    const ok = await api.graphql(Sheet, { csv: "to,name\n0501234567,سارة\n,\n0551234567,Omar\n" });
    expect(ok.data?.sheetRecipients).toEqual([
      { to: "0501234567", variables: { name: "سارة" }, row: 2 },
      { to: "0551234567", variables: { name: "Omar" }, row: 4 },
    ]);
    const bad = await api.graphql(Sheet, { csv: "name\nSara\n" });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { "row 1": expect.any(String) } });
  });

  it("renders the first texts and marks who would be skipped, storing and charging nothing", async () => {
    const t = await server().seed.tenant().account().create();
    const api = server().client(t.key);
    expect((await api.post("/contacts/opt-out", { numbers: ["0551234567"] })).status).toBe(200);
    const input = {
      text: "مرحبا {{name}}, order {{order}}",
      recipients: [
        { to: "0501234567", variables: { name: "Sara", order: "A1" } },
        { to: "0551234567", variables: { name: "Omar", order: "A2" } },
        { to: "0561234567", variables: { name: "Lina", order: "A3" } },
      ],
    };
    const preview = await api.graphql(Preview, { input, first: 2 });
    expect(preview.data?.previewBulk).toEqual({
      total: 3,
      skipped: 1,
      recipients: [
        { to: "966501234567", text: "مرحبا Sara, order A1", skipped: null },
        { to: "966551234567", text: "مرحبا Omar, order A2", skipped: "suppressed" },
      ],
    });
    const gap = await api.graphql(Preview, { input: { ...input, recipients: [{ to: "0501234567", variables: { name: "Sara" } }] } });
    expect(gap.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { "recipients[0][variables][order]": expect.any(String) } });
    expect((await api.graphql(Preview, { input, first: 21 })).errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION_ERROR", fields: { first: expect.any(String) } });
    expect((await api.get("/balance")).body.messages.used).toBe(0);
    expect(await server().app.deps.db.message.count({ where: { tenantId: t.id } })).toBe(0);
  });
});
