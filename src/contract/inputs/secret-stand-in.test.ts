// A secret parameter of an operation's own (a token sent in its body, not the provider's credential) whose document
// example is a word (`example`): a message withholds a secret's value wherever it appears, so where another value
// held the same word (a query value made from its example, `examplexxx…`) the limit case could not find the value it
// refused in the message ("[redacted]xxx…"). The suite gives such a secret a stand-in of its own, as it gives a
// credential's other secrets.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { deriveCases } from "../derive.js";
import { ToolValues } from "./values.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-secret-stand-in-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqpins", {
  "/zqpins": {
    put: {
      operationId: "putZqpin",
      parameters: [{ name: "zqlang", in: "query", schema: { type: "string", example: "example" } }],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqtoken"],
              properties: { zqtoken: { type: "string", example: "example" } },
            },
          },
        },
      },
      responses: { "204": { description: "done" } },
    },
  },
});

const manifest = keyedManifest(
  "zqpins",
  `  zqpins_put:
    operationId: putZqpin
    title: Put a pin
    description: Put a pin.
    params:
      zqlang:
        type: string
        maxLength: 40
        description: The language.
        wire: { in: query }
      zqtoken:
        type: string
        required: true
        secret: true
        description: A token of the pin's own.
        wire: { in: body, pointer: /zqtoken }
    outputs: {}
`,
);

const { linked, tool } = await linkedTool(work, "zqpins", openapi, manifest, "zqpins_put");

describe("a secret parameter of an operation's own, whose document example is a word", () => {
  it("is given a stand-in of its own, not the word another value holds", () => {
    const { zqtoken, zqlang } = new ToolValues(tool, linked.document).full();
    expect(zqtoken).toBe("bw-contract-zqtoken-0001");
    expect(zqlang).toBe("example");
  });

  it("leaves the refused value of a limit case in its message", async () => {
    const cases = deriveCases({ provider: "zqpins", tools: [tool], document: linked.document });
    const past = cases.find((c) => c.id === "zqpins_put › limit › zqlang maxLength 40 one step past it");
    expect(past).toBeDefined();
    await past?.run({ mockUrl: () => "http://127.0.0.1:9", seed: 1, runs: 1 });
  });
});
