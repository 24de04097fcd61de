// A secret parameter of an operation's own whose manifest `example` (add drafts the document's) is a value another
// parameter takes: a document giving every identifier and the secret one example (`bb7e…-…`). The suite took the
// secret's example first, and a message withholds a secret's value wherever it appears, so the limit case of the path
// identifier could not find the value it refused in the message ("[redacted]x"). The suite gives such a secret its
// stand-in before its example.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { deriveCases } from "../derive.js";
import { ToolValues } from "./values.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-secret-own-example-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SAME = "zq7edb32-0000-4aad-aebe-ed96fe073879";
const openapi = keyedDocument("zqkeys", {
  "/zqkeys/{zqid}/secret": {
    patch: {
      operationId: "patchZqkey",
      parameters: [{ name: "zqid", in: "path", required: true, schema: { type: "string", maxLength: 36 } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", required: ["zqsecret"], properties: { zqsecret: { type: "string" } } },
          },
        },
      },
      responses: { "204": { description: "done" } },
    },
  },
});

const manifest = keyedManifest(
  "zqkeys",
  `  zqkeys_patch:
    operationId: patchZqkey
    title: Patch a key
    description: Patch a key's secret.
    params:
      zqid:
        type: string
        required: true
        maxLength: 36
        example: ${SAME}
        description: The key.
        wire: { in: path }
      zqsecret:
        type: string
        required: true
        secret: true
        example: ${SAME}
        description: The key's new secret.
        wire: { in: body, pointer: /zqsecret }
    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqkeys", openapi, manifest, "zqkeys_patch");

describe("a secret parameter of an operation's own whose example another parameter takes", () => {
  it("is given its stand-in, not the example", () => {
    const { zqsecret, zqid } = new ToolValues(tool, linked.document).full();
    expect(zqsecret).toBe("bw-contract-zqsecret-0001");
    expect(zqid).toBe(SAME);
  });

  it("leaves the refused value of the other parameter's limit case in its message", async () => {
    const cases = deriveCases({ provider: "zqkeys", tools: [tool], document: linked.document });
    const past = cases.find((c) => c.id === "zqkeys_patch › limit › zqid maxLength 36 one step past it");
    expect(past).toBeDefined();
    await past?.run({ mockUrl: () => "http://127.0.0.1:9", seed: 1, runs: 1 });
  });
});
