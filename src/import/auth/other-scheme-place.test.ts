// A document declaring two apiKey schemes in the query (a key and a token), its operations requiring the key and
// declaring both as required query parameters. add drafts the key's scheme; the other scheme's place was drafted as a
// plain required text, so the token a call gave was shown in messages (a refused value's "got …") and taken as literal
// text. A parameter at the place of a declared scheme add did not choose is that credential: drafted secret, set by a
// person, with a note naming the scheme. (Where the operation offers both schemes as alternatives, requiring both
// places, they are one requirement of both: requirements/schemes-required-as-params.test.ts.)
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, required = true) => ({ name, in: "query", required, schema: { type: "string" } });
const document = openapi(
  {
    "/zqboards/{zqId}": {
      get: {
        operationId: "getZqBoard",
        security: [{ zqKey: [] }],
        parameters: [
          { name: "zqId", in: "path", required: true, schema: { type: "string" } },
          query("zqkey"),
          query("zqtok"),
          query("zqfields", false),
          { name: "X-Zq-App-Id", in: "header", required: true, schema: { type: "string" } },
        ],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  },
  {
    securitySchemes: {
      zqKey: { type: "apiKey", in: "query", name: "zqkey" },
      zqTok: { type: "apiKey", in: "query", name: "zqtok" },
      zqApp: { type: "apiKey", in: "header", name: "x-zq-app-id" },
    },
  },
  { security: null },
);

describe("a parameter at the place of a security scheme add did not choose", () => {
  it("is drafted secret, set by a person, and the document's other parameters stay plain", async () => {
    const d = drafted(document, ["getZqBoard"], "zqboards");
    const auth = d.manifest.auth as { scheme?: string };
    expect(auth.scheme).toBe("zqKey");
    const params = d.manifest.operations.zqboards_get_zq_board!.params!;
    expect(params.zqkey).toBeUndefined();
    expect(params.zqtok).toMatchObject({ type: "string", required: true, secret: true, visibility: "user-only" });
    expect(params.zqfields?.secret).toBeUndefined();
    expect(params.zqId?.secret).toBeUndefined();
    // An identifier at a scheme's place (a gateway's app id) is no secret.
    expect(Object.keys(params)).toEqual(["zqId", "zqtok", "zqfields", "xZqAppId"]);
    expect(params.xZqAppId?.secret).toBeUndefined();
    expect(notesAt(d, "operations.zqboards_get_zq_board.params.zqtok").join(" ")).toContain("security scheme zqTok");
    expect(await linkProblems(d, "zqboards")).toEqual([]);
  });

  // The cut keeps the schemes its operations name: with none named (a document of no security requirement), the
  // scheme not chosen is no longer in it, and the parameter at its place was drafted plain still.
  it("is read from the published document's schemes, not the cut's", async () => {
    const header = (name: string) => ({ name, in: "header", required: true, schema: { type: "string" } });
    const unnamed = openapi(
      {
        "/zqinvoices": {
          post: {
            operationId: "sendZqInvoice",
            parameters: [header("x-zq-key"), header("x-zq-sealed")],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
      },
      {
        securitySchemes: {
          zqKey: { type: "apiKey", in: "header", name: "x-zq-key" },
          zqSealed: { type: "apiKey", in: "header", name: "x-zq-sealed" },
        },
      },
      { security: null },
    );
    const d = drafted(unnamed, ["sendZqInvoice"], "zqinvoices");
    expect((d.manifest.auth as { scheme?: string }).scheme).toBe("zqKey");
    const params = d.manifest.operations.zqinvoices_send_zq_invoice!.params!;
    expect(params.xZqSealed).toMatchObject({ type: "string", required: true, secret: true, visibility: "user-only" });
    expect(notesAt(d, "operations.zqinvoices_send_zq_invoice.params.xZqSealed").join(" ")).toContain(
      "security scheme zqSealed",
    );
    expect(await linkProblems(d, "zqinvoices")).toEqual([]);
  });
});
