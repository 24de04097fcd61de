// `--allow-host` on `call` and `run` (issue 24): an address at a host the
// provider does not list is refused before any request, and goes out once
// the flag allows it. The host used is loopback written as an IPv4-mapped
// IPv6 address: not one the runtime takes for loopback, yet nothing leaves
// the machine (port 1 refuses the connection).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { tools } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const HOST = "[::ffff:7f00:1]";
const ADDRESS = `https://${HOST}:1`;
const KEY = "AIzaSyAllowHostKey0042";
const tmp = mkdtempSync(join(runScratch(), "blockwright-allow-host-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A tool whose only parameters are its credential and plain strings, called by operation id.
const simple = Object.values(tools).find(
  (t) => !t.server.param && t.params.every((p) => p.type === "string" && (p.secret || !p.format)),
);

describe("call --allow-host", () => {
  it("refuses a --base-url at a host the provider does not list, and sends it once allowed", async () => {
    expect(simple).toBeDefined();
    const tool = simple!;
    const params = tool.params.flatMap((p) =>
      p.secret ? ["--param", `${p.name}={{KEY}}`] : p.required ? ["--param", `${p.name}=x`] : [],
    );
    const refused = await cli(["call", tool.id, ...params, "--base-url", ADDRESS, "--timeout", "5000"], {
      env: { KEY },
    });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ type: "validation", param: "baseUrl", rule: "host" });
    const allowed = await cli(
      ["call", tool.id, ...params, "--base-url", ADDRESS, "--allow-host", HOST, "--timeout", "5000"],
      { env: { KEY } },
    );
    expect(allowed.code).toBe(1);
    expect(JSON.parse(allowed.stdout).error).toMatchObject({ type: "network" });
  });
});

describe("run --allow-host", () => {
  it("lets an address parameter name the allowed host", async () => {
    const tool = Object.values(tools).find(
      (t) => t.server.param && t.method === "GET" && t.params.every((p) => p.type === "string"),
    );
    expect(tool).toBeDefined();
    const inputOf = (p: NonNullable<typeof tool>["params"][number]) =>
      p.secret
        ? '"{{KEY}}"'
        : p.name === tool!.server.param
          ? '"{{ADDRESS}}"'
          : p.pattern
            ? JSON.stringify(p.example ?? p.placeholder)
            : '"x"';
    const inputs = tool!.params.map((p) => `      ${p.name}: ${inputOf(p)}`);
    const sent = (p: NonNullable<typeof tool>["params"][number]) =>
      p.required || p.secret || p.name === tool!.server.param;
    const file = join(tmp, "flow.yaml");
    writeFileSync(
      file,
      `blocks:\n  one:\n    type: ${tool!.provider}\n    name: One\n    inputs:\n      operation: ` +
        `${tool!.id}\n` +
        `${inputs.filter((_, i) => sent(tool!.params[i]!)).join("\n")}\n`,
    );
    const errorOf = async (extra: string[]) => {
      const out = join(tmp, `out-${extra.length}.json`);
      const r = await cli(["run", file, "--live", "--json", out, ...extra], { env: { KEY, ADDRESS } });
      expect(r.code, r.stderr).toBe(1);
      return JSON.parse(readFileSync(out, "utf8")).blocks[0].error;
    };
    expect(await errorOf([])).toMatchObject({ type: "validation", param: tool!.server.param, rule: "host" });
    expect(await errorOf(["--allow-host", HOST])).toMatchObject({ type: "network" });
  });
});
