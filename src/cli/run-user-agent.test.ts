// The workflow runner's requests say who calls, `User-Agent: blockwright/<version>`, as `call`'s, executeTool's and
// `mcp`'s do: `blockwright run --live` and the library's runWorkflow sent the fetch's own (`node`). A header a caller
// gives wins. Seen on the wire by a loopback upstream standing at the provider's instance address.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CALL_AGENT, type FetchLike } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { runWorkflow } from "../index.js";
import { loadRegistry } from "../registry/registry.js";

const document = {
  openapi: "3.0.3",
  info: { title: "Zq Agent", version: "1.0.0" },
  servers: [{ url: "https://{zqHost}/v1", variables: { zqHost: { default: "api.zqua.example" } } }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqthings": {
      get: {
        operationId: "zqListThings",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
  },
};
const project = addedProject("blockwright-run-user-agent-", "zqua", document, '{"id":"zq1"}');
const KEY = "zq-agent-key-0000000001";
const workflow = (address: string) => ({
  blocks: {
    one: {
      type: "zqua",
      name: "One",
      inputs: { operation: "zqua_zq_list_things", apiKey: "{{ZQ_KEY}}", instanceUrl: address },
    },
  },
});

describe("the workflow runner's User-Agent", () => {
  it("is blockwright's in `run --live`", async () => {
    const file = join(project.dir, "agent.json");
    writeFileSync(file, JSON.stringify(workflow(project.upstream.url)));
    const before = project.upstream.received.length;
    const r = await cli(["run", file, "--live"], { cwd: project.dir, env: { ZQ_KEY: KEY } });
    expect(r.code, r.stderr).toBe(0);
    const sent = project.upstream.received.slice(before);
    expect(sent.map((s) => [s.url, s.headers["x-zq-key"], s.headers["user-agent"]])).toEqual([
      ["/v1/zqthings", KEY, CALL_AGENT],
    ]);
  });

  it("is blockwright's in the library's runWorkflow, and a caller's own wins", async () => {
    const registry = await loadRegistry(join(project.dir, "generated"));
    const before = project.upstream.received.length;
    const own: FetchLike = (request) => {
      request.headers.set("user-agent", "zq-app/1");
      return fetch(request);
    };
    for (const fetch of [undefined, own]) {
      const result = await runWorkflow(workflow(project.upstream.url), {
        registry,
        env: { ZQ_KEY: KEY },
        ...(fetch ? { fetch } : {}),
      });
      expect(result.status).toBe("succeeded");
    }
    const agents = project.upstream.received.slice(before).map((s) => s.headers["user-agent"]);
    expect(agents).toEqual([CALL_AGENT, "zq-app/1"]);
  });
});
