// Verify against a stand-in (`blockwright mock`, Prism): the stand-in's own
// answers — its 401 without a credential where the document declares none,
// its 500 when it has nothing to answer — are told, not reported as the
// upstream drifting; its refusal of a request as breaking the document is
// the request's difference. A real service's undeclared 401 stays a drift
// (src/cli/verify.test.ts).
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { startMocks } from "../mocks/mocks.js";
import type { LiveExchange } from "./live-fetch.js";
import { prismProblem, standInDrift } from "./stand-in.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-stand-in-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const exchange = (status: number, body: unknown, type = "application/problem+json"): LiveExchange => ({
  method: "GET",
  url: "http://127.0.0.1:1/zqthings/1",
  requestHeaders: {},
  requestBody: "",
  status,
  responseHeaders: { "content-type": type },
  responseBody: JSON.stringify(body),
});

describe("a stand-in's own answer", () => {
  it("is the request's difference when the stand-in's request judge refused it, with the rule and where", () => {
    const refusal = {
      rule: "explode",
      at: "#/paths/~1zqthings/get/parameters/0",
      pointer: "/query/ids",
      sent: "ids=1&ids=2",
      message: 'query parameter "ids": 2 pairs',
    };
    const judged = exchange(422, {
      type: "urn:blockwright:problem:request-judge",
      title: "The request breaks the OpenAPI document's rules",
      status: 422,
      refusals: [refusal],
    });
    expect(standInDrift("zqthings_list", judged)).toEqual({
      operation: "zqthings_list",
      kind: "request",
      pointer: "/request",
      message:
        `the stand-in's request judge refused the request as breaking the document: [explode] /query/ids: ` +
        `query parameter "ids": 2 pairs (sent "ids=1&ids=2"; #/paths/~1zqthings/get/parameters/0)`,
    });
  });

  it("is a note when Prism made it up (its 401, 406 or 500), naming what it said", () => {
    const own = exchange(401, {
      type: "https://stoplight.io/prism/errors#UNAUTHORIZED",
      title: "Invalid security scheme used",
      status: 401,
      detail: "no HTTP unauthorized response was found in the spec",
    });
    expect(standInDrift("zqthings_get", own)).toEqual({
      operation: "zqthings_get",
      kind: "stand-in",
      pointer: "/status",
      message:
        "the stand-in (Prism) answered 401 itself (UNAUTHORIZED: Invalid security scheme used; " +
        "no HTTP unauthorized response was found in the spec), not from the document: " +
        "nothing of the upstream to check",
      informational: true,
    });
    expect(
      standInDrift(
        "zqthings_get",
        exchange(500, { type: "https://stoplight.io/prism/errors#UNKNOWN", title: "Unexpected error", status: 500 }),
      ),
    ).toMatchObject({ kind: "stand-in", informational: true });
  });

  it("is the request's difference when Prism refused the request as breaking the document", () => {
    const refused = exchange(422, {
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
      validation: [{ location: ["query", "zqlimit"], message: "Request query parameter zqlimit must be integer" }],
    });
    const drift = standInDrift("zqthings_get", refused);
    expect(drift).toMatchObject({ kind: "request", pointer: "/request" });
    expect(drift?.informational).toBeUndefined();
    expect(drift?.message).toContain("Request query parameter zqlimit must be integer");
  });

  it("is not found in a real service's answers, whatever their status", () => {
    expect(
      prismProblem(exchange(401, { error: { code: "Unauthorized", message: "no key" } }, "application/json")),
    ).toBeUndefined();
    expect(prismProblem(exchange(401, { type: "https://zq.example/errors#UNAUTHORIZED" }))).toBeUndefined();
    expect(
      prismProblem({
        responseHeaders: { "content-type": "text/plain" },
        responseBody: "https://stoplight.io/prism/errors#UNAUTHORIZED",
      }),
    ).toBeUndefined();
  });
});

describe("blockwright verify against blockwright mock", () => {
  it("passes where the stand-in answers 401 itself without the credential, telling it", async () => {
    const dir = join(tmp, "project");
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    cpSync(join(ROOT, "test-support/fixtures/specs/shelf"), join(dir, "specs/shelf"), { recursive: true });
    expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
    const mocks = await startMocks(["shelf"], { specsDir: join(dir, "specs"), root: dir, logLevel: "silent" });
    try {
      const r = await cli(
        [
          "verify",
          "shelf",
          "--base-url",
          mocks.urls.shelf ?? "",
          "--param",
          "apiKey={{SHELF_KEY}}",
          "--interval",
          "0",
          "--operation",
          "shelf_get_book",
          "--json",
        ],
        { cwd: dir, env: { SHELF_KEY: "zq-stand-in-key-0001" } },
      );
      const report = JSON.parse(r.stdout) as {
        results: {
          name: string;
          status: string;
          statuses: number[];
          drifts: { kind: string; informational?: boolean }[];
        }[];
      };
      const without = report.results.find((x) => x.name === "without a credential");
      expect(without).toMatchObject({
        status: "passed",
        statuses: [401],
        drifts: [{ kind: "stand-in", informational: true }],
      });
      expect(report.results.filter((x) => x.status !== "passed")).toEqual([]);
      expect(r.code).toBe(0);
    } finally {
      await mocks.close();
    }
  });
});
