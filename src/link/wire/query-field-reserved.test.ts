// A field of an object query parameter whose document allows reserved characters raw (`style: deepObject,
// allowReserved: true`: a published document's `filter[email]`, `filter[since]`): the linked field lost the
// parameter's allowReserved, so `a@b.io` went as `filter[email]=a%40b.io` and a date-time's `:` as `%3A`, where
// the document's serialization (RFC 6570's reserved expansion) sends them as they are. Each field keeps it now; a
// `+`, `&` or `#` is still encoded (their meaning in a query), and a field of a parameter without it is unchanged.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-query-field-reserved-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const object = { type: "object", properties: { email: { type: "string" }, since: { type: "string" } } };
const openapi = keyedDocument("zqledger", {
  "/zqentries": {
    get: {
      operationId: "listZqentries",
      parameters: [
        { name: "filter", in: "query", style: "deepObject", allowReserved: true, schema: object },
        { name: "plain", in: "query", style: "deepObject", schema: object },
      ],
      responses: {
        "200": { description: "listed", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
});

const field = (name: string, of: string, f: string) => `      ${name}:
        type: string
        maxLength: 64
        description: The ${f}.
        wire: { in: query, name: ${of}, field: ${f} }
`;
const manifest = keyedManifest(
  "zqledger",
  `  zqledger_list_zqentries:
    operationId: listZqentries
    title: List entries
    description: List entries.
    params:
${field("email", "filter", "email")}${field("since", "filter", "since")}${field("plainEmail", "plain", "email")}\
    outputs:
      data:
        type: json
        from: $response.body
        description: The reply.
`,
);

const { tool } = await linkedTool(work, "zqledger", openapi, manifest, "zqledger_list_zqentries");

describe("a field of an object query parameter of allowReserved", () => {
  it("sends its reserved characters as they are, a query's own ones encoded; a plain one's all encoded", async () => {
    const sent = await sentGet(tool, {
      apiKey: "zq-key-12345678",
      email: "a+b@x.io/é",
      since: "2026-01-01T00:00:00+02:00",
      plainEmail: "a@x.io",
    });
    expect(sent.search).toContain("filter[email]=a%2Bb@x.io/%C3%A9");
    expect(sent.search).toContain("filter[since]=2026-01-01T00:00:00%2B02:00");
    expect(sent.search).toContain("plain[email]=a%40x.io");
  });
});
