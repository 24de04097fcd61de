// A parameter one way sends beside a secret (an identifier, an OAuth client's id) and another way sends alone: there
// it authenticates a call by itself, so the draft marks it secret, as the link wants of a way's first credential.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" });
const doc = openapi(
  {
    "/zqtracks": {
      post: { operationId: "zqUpload", security: [{ zqToken: [], zqClient: [] }], responses: { "200": answer } },
    },
    "/zqlists": { get: { operationId: "zqLists", security: [{ zqClient: [] }], responses: { "200": answer } } },
  },
  {
    securitySchemes: {
      zqToken: { type: "apiKey", in: "header", name: "Authorization" },
      zqClient: { type: "apiKey", in: "query", name: "client_id" },
    },
  },
  { security: null },
);

describe("an identifier that a way sends alone", () => {
  it("is drafted secret, and the draft links", async () => {
    const d = drafted(doc, ["zqUpload", "zqLists"]);
    const auth = d.manifest.auth as { param: string; also?: { param: string }[]; alternatives?: { param: string }[] };
    const client = auth.alternatives?.[0]?.param ?? "";
    expect(auth.also?.map((c) => c.param)).toEqual([client]);
    expect(d.manifest.params?.[client]).toMatchObject({ secret: true });
    expect(d.manifest.params?.[auth.param]).toMatchObject({ secret: true });
    expect(await linkProblems(d)).toEqual([]);
  });
});
