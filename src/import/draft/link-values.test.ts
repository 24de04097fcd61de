// A path parameter that carries a link with its own query — AutoRest's `x-ms-skip-url-encoding` (a blob upload's
// continuation link), RFC 6570's `{+name}` — drafted with its kind (`as-given`, `reserved`) and a review note, sent
// with its reserved characters as they are, and held to that by the request judge: the old encoding, a file path's
// (`multiSegment: true`, its `?` sent as %3F: one path segment, no query), refused.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = openapi({
  "/{nextZqLink}": {
    get: {
      operationId: "getZqUpload",
      parameters: [
        {
          name: "nextZqLink",
          in: "path",
          required: true,
          "x-ms-skip-url-encoding": true,
          description: "Link acquired from upload start or previous chunk.",
          schema: { type: "string" },
        },
      ],
      responses: ok,
    },
  },
  "/zqtree/{+zqNode}": {
    get: {
      operationId: "getZqNode",
      parameters: [{ name: "zqNode", in: "path", required: true, schema: { type: "string" } }],
      responses: ok,
    },
  },
});
const LINK = "zqv2/zqrepo/blobs/uploads/zq7?c=1&d=%2F";

describe("a path parameter carrying a link with its own query", () => {
  const draft = drafted(document, ["getZqUpload", "getZqNode"]);
  const params = (op: string) => draft.manifest.operations?.[op]?.params ?? {};

  it("is drafted as-given from x-ms-skip-url-encoding, reserved from {+name}, a review note each; links", async () => {
    expect(params("acme_get_zq_upload").nextZqLink?.wire).toEqual({ in: "path", multiSegment: "as-given" });
    expect(params("acme_get_zq_node").zqNode?.wire).toEqual({ in: "path", multiSegment: "reserved" });
    expect(notesAt(draft, "operations.acme_get_zq_upload.params.nextZqLink")).toContainEqual(
      expect.stringMatching(
        /^it is sent as given \(wire\.multiSegment: as-given\).*with x-ms-skip-url-encoding: .*a whole address/,
      ),
    );
    expect(notesAt(draft, "operations.acme_get_zq_node.params.zqNode")).toContainEqual(
      expect.stringMatching(/^its reserved characters are sent as they are .*marks it with \{\+name\}/),
    );
    expect(await linkProblems(draft)).toEqual([]);
  });

  it("is sent as a path and a query, which the request judge reads without refusal", async () => {
    const tools = await linkedTools(draft);
    const upload = tools.find((t) => t.id === "acme_get_zq_upload") as ToolSpec;
    const { sent, judged } = await judgedCall(draft, upload, { accessToken: "zq-token-0000000001", nextZqLink: LINK });
    expect(sent.url).toBe(`https://api.acme.test/${LINK}`);
    expect(judged.refusals).toEqual([]);
    expect(judged.read.path).toEqual({ nextZqLink: "zqv2/zqrepo/blobs/uploads/zq7" });
    const node = tools.find((t) => t.id === "acme_get_zq_node") as ToolSpec;
    const second = await judgedCall(draft, node, { accessToken: "zq-token-0000000001", zqNode: "zqa/zqb:zqc?v=1" });
    expect(second.sent.url).toBe("https://api.acme.test/zqtree/zqa/zqb:zqc?v=1");
    expect(second.judged.refusals).toEqual([]);
  });

  it("is refused by the request judge when its '?' goes as %3F, as a file path's value would send it", async () => {
    const tools = await linkedTools(draft);
    const upload = structuredClone(tools.find((t) => t.id === "acme_get_zq_upload") as ToolSpec);
    const wire = upload.params.find((p) => p.name === "nextZqLink")?.wire as { multiSegment?: unknown };
    wire.multiSegment = true;
    const { sent, judged } = await judgedCall(draft, upload, { accessToken: "zq-token-0000000001", nextZqLink: LINK });
    expect(sent.url).toBe("https://api.acme.test/zqv2/zqrepo/blobs/uploads/zq7%3Fc%3D1%26d%3D%252F");
    expect(judged.refusals).toEqual([
      expect.objectContaining({
        rule: "x-multi-segment",
        pointer: "/path/nextZqLink",
        message: expect.stringMatching(
          /marks it with x-ms-skip-url-encoding.*its "\?" starts its own query; it was sent as %3F/,
        ),
      }),
    ]);
  });
});
