// An operation whose only answers are `default` and errors: add writes the
// default answer as the cut's 200, says so, and the draft reads its outputs
// from it and links; a call answered 200 maps them.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const pageDocument = (responses: Record<string, unknown>) =>
  openapi({ "/zqaudits/": { get: { operationId: "listZqAudits", responses } } });
const page = reply(
  {
    type: "object",
    properties: { results: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } } },
  },
  { results: [{ id: "a1" }] },
);

describe("an operation that answers only by default", () => {
  it(
    "has its default answer written as its 200 in the cut, said in its header and a note; its " +
      "outputs are drafted from it and it links",
    async () => {
      const d = drafted(pageDocument({ default: page, "404": { description: "Not found." } }), ["listZqAudits"]);
      expect(d.openapiText).toMatch(/^# Written as 200 by blockwright add, published as default: listZqAudits 200 /m);
      expect(d.openapiText).toMatch(/^ {8}'200':\n/m);
      expect(d.openapiText).not.toMatch(/^ {8}default:/m);
      expect(notesAt(d, "openapi").join("\n")).toContain("writes the default answer of listZqAudits as its 200");
      expect(d.manifest.operations.acme_list_zq_audits!.outputs.data).toMatchObject({
        type: "array",
        from: "$response.body#/results",
      });
      expect(await linkProblems(d)).toEqual([]);

      const [tool] = await linkedTools(d);
      const fetchFn = async () =>
        new Response(JSON.stringify({ results: [{ id: "a1" }, { id: "a2" }] }), {
          headers: { "content-type": "application/json" },
        });
      const result = await executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001" },
        { baseUrl: "https://api.acme.test", fetch: fetchFn },
      );
      expect(result).toMatchObject({ success: true, output: { data: [{ id: "a1" }, { id: "a2" }] } });
    },
  );

  it("is left as published when it declares a 2xx or a redirect besides", () => {
    for (const other of [{ "201": page }, { "2XX": page }, { "303": { description: "See other." } }]) {
      const d = drafted(pageDocument({ default: page, ...other }), ["listZqAudits"]);
      expect(d.openapiText).not.toContain("published as default");
    }
  });
});
