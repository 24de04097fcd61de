// An operation that creates an API key answers with the key: `add` drafts it a secret output now, and `call`, which
// printed it in plain text (in its own output and inside `data`, the whole reply), prints it as [redacted] with a line
// on stderr naming it; `--show-secrets` prints it as the reply gave it. A reply that holds no such output (a read of
// the key, which may leave it out) got the same line, naming a secret that was not there: none is said now.
import { describe, expect, it } from "vitest";
import { addedProject } from "../../test-support/cli/added-project.js";
import { cli } from "../../test-support/cli-harness.js";

const KEY = "zq_live_7d9f2c41aa";
const text = (description: string) => ({ type: "string", description });
const document = {
  openapi: "3.0.3",
  info: { title: "Zq keys", version: "1", description: "Zq hands out keys." },
  servers: [{ url: "https://zqkeys.test/api" }],
  paths: {
    "/zqkeys": {
      post: {
        operationId: "createZqKey",
        summary: "Create a key",
        responses: {
          "201": {
            description: "Created.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["id", "api_key"],
                  properties: { id: text("The key's id."), api_key: text("The new key. Shown only once.") },
                },
              },
            },
          },
        },
      },
    },
    "/zqkeys/{zqId}": {
      get: {
        operationId: "getZqKey",
        summary: "Read a key",
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
        responses: {
          "200": {
            description: "The key.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { id: text("The key's id."), api_key: text("The key. Shown to its owner only.") },
                },
              },
            },
          },
        },
      },
    },
  },
};

const project = addedProject("blockwright-call-secret-output-", "zqkeys", document, (req) =>
  req.method === "GET"
    ? { status: 200, body: JSON.stringify({ id: "zqk2" }) }
    : {
        status: 201,
        body: JSON.stringify({ id: "zqk1", api_key: KEY }),
      },
);

describe("call on an operation whose reply hands out a key", () => {
  it("prints the key as [redacted], in data too, and says so on stderr", async () => {
    const called = await cli(["call", "zqkeys_create_zq_key", "--base-url", project.upstream.url], {
      cwd: project.dir,
    });
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout + called.stderr).not.toContain(KEY);
    const printed = JSON.parse(called.stdout);
    expect(printed.output.metadata).toMatchObject({ id: "zqk1", apiKey: "[redacted]" });
    expect(printed.output.data).toMatchObject({ id: "zqk1", api_key: "[redacted]" });
    expect(called.stderr).toContain("metadata.apiKey: a secret (manifest output secret), printed as [redacted]");
  });

  it("prints it as given with --show-secrets", async () => {
    const shown = await cli(["call", "zqkeys_create_zq_key", "--base-url", project.upstream.url, "--show-secrets"], {
      cwd: project.dir,
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout).output.metadata.apiKey).toBe(KEY);
  });

  it("says nothing of a secret output the reply does not hold", async () => {
    const read = await cli(["call", "zqkeys_get_zq_key", "--param", "zqId=zqk2", "--base-url", project.upstream.url], {
      cwd: project.dir,
    });
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout).output.metadata).toEqual({ id: "zqk2" });
    expect(read.stderr).not.toContain("a secret (manifest output secret)");
  });
});
