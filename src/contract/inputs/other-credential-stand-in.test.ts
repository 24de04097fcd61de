// A provider whose operations authenticate differently (an admin key beside a user's, the two alternatives of one
// cookie): an admin operation's tool takes the user's key too, a secret of the provider's credential that is not its
// own. That key was given no stand-in: a value made from its rules (`example…`) stood in, its limit case's refused
// value was "example", and the runtime, rightly, withheld it from the message, which named the operation
// (`zqexamples_run`) and so still held the word: "the refusal of secret apiKey shows its value". Such a key is given
// the suite's stand-in, as a credential's other secrets are.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { deriveCases } from "../derive.js";
import { ToolValues } from "./values.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-other-credential-stand-in-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const done = { "204": { description: "done" } };
const openapi = {
  openapi: "3.0.3",
  info: { title: "zqexamples", version: "1" },
  servers: [{ url: "https://api.zqexamples.test" }],
  components: {
    securitySchemes: {
      zqUser: { type: "apiKey", in: "cookie", name: "zq_token" },
      zqAdmin: { type: "apiKey", in: "cookie", name: "zq_token" },
    },
  },
  paths: {
    "/zqexamples": {
      get: { operationId: "listZqexamples", security: [{ zqUser: [] }], responses: done },
      post: { operationId: "runZqexamples", security: [{ zqAdmin: [] }], responses: done },
    },
  },
};

const manifest = keyedManifest(
  "zqexamples",
  `  zqexamples_list:
    operationId: listZqexamples
    title: List the examples
    description: List the examples.
    params: {}
    outputs: {}
  zqexamples_run:
    operationId: runZqexamples
    title: Run the examples
    description: Run the examples.
    params: {}
    outputs: {}
`,
)
  .replace(
    "scheme: zqKey\n  param: apiKey",
    "scheme: zqUser\n  param: apiKey\n  alternatives:\n    - scheme: zqAdmin\n      param: apiKey2",
  )
  .replace(
    "    description: The key.",
    "    minLength: 8\n    description: The key.\n" +
      "  apiKey2:\n    type: string\n    maxLength: 256\n    required: false\n" +
      "    secret: true\n    description: The admin key.",
  )
  .replace(
    "    required: true\n    secret: true\n    minLength: 8",
    "    required: false\n    secret: true\n    minLength: 8",
  );

const { linked, tool } = await linkedTool(work, "zqexamples", openapi, manifest, "zqexamples_run");

describe("an operation's tool that takes another operation's credential", () => {
  it("stands that secret in with the suite's stand-in, not a word other values hold", () => {
    expect(tool.auth.param).toBe("apiKey2");
    expect(new ToolValues(tool, linked.document).example("apiKey")?.value).toBe("bw-contract-apiKey-0001");
  });

  it("withholds the refused value of its limit case from a message that names the operation", async () => {
    const cases = deriveCases({ provider: "zqexamples", tools: [tool], document: linked.document });
    const past = cases.find((c) => c.id === "zqexamples_run › limit › apiKey minLength 8 one step past it");
    expect(past).toBeDefined();
    await past?.run({ mockUrl: () => "http://127.0.0.1:9", seed: 1, runs: 1 });
  });
});
