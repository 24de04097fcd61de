// An object (a query parameter, a form field) whose schema gives `format: prefixed-collapsible-map-<Prefix>`: one
// publisher's word for pairs `<Prefix>.<key>=value`, no format of OpenAPI's. The draft said only that a manifest
// "cannot state" the format, not how the object is sent. The wire is the document's (style form, exploded: each key a
// pair of its own), which the request judge reads; the note says so plainly, and how a call sends the publisher's
// pairs: each key given whole, with its prefix, which the runtime sends as it is and the judge accepts.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" });
const doc = openapi({
  "/zqnumbers/{number}": {
    get: {
      operationId: "fetchZqnumber",
      parameters: [
        { name: "number", in: "path", required: true, schema: { type: "string", maxLength: 20 } },
        {
          name: "ZqExtrasData",
          in: "query",
          description: "Data for each extra you invoke.",
          schema: { type: "object", format: "prefixed-collapsible-map-ZqExtras" },
        },
      ],
      responses: { "200": answer },
    },
  },
  "/zqcalls": {
    post: {
      operationId: "createZqcall",
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["to"],
              properties: {
                to: { type: "string", maxLength: 20 },
                ZqParams: { type: "object", format: "prefixed-collapsible-map-ZqParameter" },
              },
            },
          },
        },
      },
      responses: { "200": answer },
    },
  },
});

describe("an object whose format is a prefixed collapsible map", () => {
  const d = drafted(doc, ["fetchZqnumber", "createZqcall"]);

  it("is drafted with a note saying how it is sent, and how to send the publisher's pairs", () => {
    const query = notesAt(d, "operations.acme_fetch_zqnumber.params.ZqExtrasData").join("\n");
    expect(query).toContain("its publisher's word for pairs written ZqExtras.<key>=value");
    expect(query).toContain("each key a pair of its own, <key>=value");
    expect(query).toContain('({"ZqExtras.<name>.<key>": "…"} is sent as ZqExtras.<name>.<key>=…)');
    expect(query).not.toContain("cannot state yet");
    const form = notesAt(d, "operations.acme_create_zqcall.params.ZqParams").join("\n");
    expect(form).toContain("pairs written ZqParameter.<key>=value");
  });

  it("is sent as the note says, with the keys given whole, and the request judge accepts it", async () => {
    const tools = await linkedTools(d);
    const [fetchTool, createTool] = ["acme_fetch_zqnumber", "acme_create_zqcall"].map((id) =>
      tools.find((t) => t.id === id),
    );
    const token = { accessToken: "zq-token-0000000001" };
    const fetched = await judgedCall(d, fetchTool!, {
      ...token,
      number: "1",
      ZqExtrasData: { "ZqExtras.zq_lookup.Since": "2026", plain: "a" },
    });
    expect(new URL(fetched.sent.url).search).toBe("?ZqExtras.zq_lookup.Since=2026&plain=a");
    expect(fetched.judged.refusals).toEqual([]);
    const created = await judgedCall(d, createTool!, { ...token, to: "1", ZqParams: { "ZqParameter.k": "v" } });
    expect(new TextDecoder().decode(created.sent.body)).toBe("to=1&ZqParameter.k=v");
    expect(created.judged.refusals).toEqual([]);
  });
});
