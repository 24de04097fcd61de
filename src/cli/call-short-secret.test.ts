// A secret a person types that its document bounds under 8 characters (`format: password`, `minLength: 4`: a PIN).
// The runtime refused any secret shorter than 8 before a request, so no valid call could be made; it now takes one
// down to 4 characters and withholds it as a whole value (runtime/common/redact.ts): the PIN goes out on the wire, and
// never appears in an error from an answer that echoes it, in the outputs or in `verify --record`'s files, while a
// number that merely holds its digits stays as it is.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { server } from "../../test-support/runtime/loopback-server.js";

const PIN = "4821";
// The PIN as an answer may echo it: a JSON string and number, a form's `zqPin=4821`, percent-escaped, base64.
const ECHO = JSON.stringify({
  zqMessage: `zqPin=${PIN} is wrong for zqUser; expected %34821? (${btoa(PIN)})`,
  zqPin: Number(PIN),
  zqOther: 1482105,
});
const pin = {
  name: "zqPin",
  in: "query",
  required: true,
  schema: { type: "string", format: "password", minLength: 4 },
};
const user = { name: "zqUser", in: "query", required: true, schema: { type: "string", maxLength: 20 } };
const body = (schema: object) => ({ content: { "application/json": { schema } } });
const document = {
  openapi: "3.0.3",
  info: { title: "Zq locks", version: "1", description: "Zq opens locks." },
  servers: [{ url: "https://zqlocks.test/api" }],
  paths: {
    "/zqcheck": {
      get: {
        operationId: "checkZqPin",
        summary: "Check a PIN",
        parameters: [pin, user],
        responses: {
          "200": {
            description: "Checked.",
            ...body({
              type: "object",
              properties: { zqMessage: { type: "string" }, zqPin: { type: "integer" }, zqOther: { type: "integer" } },
            }),
          },
          "400": {
            description: "Refused.",
            ...body({ type: "object", properties: { zqMessage: { type: "string" } } }),
          },
        },
      },
    },
  },
};

// In the run's folder: a `-t` that skips every test here skips the afterAll that removes it.
const tmp = mkdtempSync(join(runScratch(), "blockwright-call-short-secret-"));
const dir = runtimeProject(join(tmp, "project"), "specs");
let refuse = false;
let upstream: Awaited<ReturnType<typeof server>> | undefined;
beforeAll(async () => {
  const from = join(tmp, "zqlocks.json");
  writeFileSync(from, JSON.stringify(document));
  const added = await cli(["add", "zqlocks", "--from", from, "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
  upstream = await server(() => ({ status: refuse ? 400 : 200, body: ECHO }));
});
afterAll(async () => {
  await upstream?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const env = { ZQ_PIN: PIN };
const params = ["--param", "zqPin={{ZQ_PIN}}", "--param", "zqUser=zq"];
/** Whether a text shows the PIN as a value in a form the answer echoed (`1482105` holds its digits: another value). */
const shows = (text: string) =>
  new RegExp(`(?<![\\w])${PIN}(?![\\w])`).test(text) ||
  [`%34821`, btoa(PIN), btoa(PIN).replace(/=+$/, "")].some((f) => text.includes(f));

describe("a 4-character PIN (format: password, minLength: 4)", () => {
  it("goes out on the wire and is withheld from a 400 answer's error and a 200 answer's outputs", async () => {
    const before = upstream!.received.length;
    refuse = true;
    const refused = await cli(["call", "zqlocks_check_zq_pin", ...params, "--base-url", upstream!.url], {
      cwd: dir,
      env,
    });
    expect(refused.code).not.toBe(0);
    expect(upstream!.received.slice(before).map((r) => r.url)).toEqual([`/api/zqcheck?zqPin=${PIN}&zqUser=zq`]);
    expect(refused.stdout + refused.stderr).toContain("is wrong for zqUser");
    expect(shows(refused.stdout + refused.stderr), refused.stdout + refused.stderr).toBe(false);
    refuse = false;
    const ok = await cli(["call", "zqlocks_check_zq_pin", ...params, "--base-url", upstream!.url], { cwd: dir, env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(shows(ok.stdout + ok.stderr), ok.stdout).toBe(false);
    // A number holding the PIN's digits is another value: kept.
    expect(ok.stdout).toContain("1482105");
    expect(upstream!.received).toHaveLength(before + 2);
  });

  it("is refused under its document's 4 characters, its value withheld, before any request", async () => {
    const before = upstream!.received.length;
    const short = await cli(
      [
        "call",
        "zqlocks_check_zq_pin",
        "--param",
        "zqPin={{ZQ_PIN}}",
        "--param",
        "zqUser=zq",
        "--base-url",
        upstream!.url,
      ],
      { cwd: dir, env: { ZQ_PIN: "482" } },
    );
    expect(short.code).not.toBe(0);
    expect(short.stdout + short.stderr).toContain("at least 4 characters");
    expect(short.stdout + short.stderr).not.toContain("482");
    expect(upstream!.received).toHaveLength(before);
  });

  it("never reaches verify --record's files", async () => {
    refuse = true;
    const verified = await cli(
      [
        ...["verify", "zqlocks", "--base-url", upstream!.url, ...params, "--interval", "0"],
        ...["--record", "recordings", "--json"],
      ],
      { cwd: dir, env },
    );
    refuse = false;
    const recorded = readdirSync(join(dir, "recordings/zqlocks"), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".json"));
    expect(recorded.length, verified.stdout + verified.stderr).toBeGreaterThan(0);
    const kept = recorded.map((f) => readFileSync(join(dir, "recordings/zqlocks", f), "utf8")).join("\n");
    expect(kept).toContain("zqcheck");
    expect(shows(kept + verified.stdout + verified.stderr), kept).toBe(false);
  });
});
