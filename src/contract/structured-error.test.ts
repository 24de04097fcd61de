// The derived suite's check of the structured error the runtime makes of an
// error answer: an answer that holds text the manifest's errors.message
// expressions do not find fails the case; an answer with no text at all
// (what a spec that declares `{}` or a list of empty objects gives) has no
// message to find, and the error names the status instead.
import { describe, expect, it } from "vitest";
import { executeToolDefinition, parseExpression, type ToolSpec } from "@blockwright/runtime/internal";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import type { Exchange } from "./exchange.js";
import { expectStructuredError } from "./structured-error.js";

const tracker = irFixture("tracker");
const base = tracker.operations.find((o) => o.tool.method === "GET")!.tool;
const tool: ToolSpec = {
  ...structuredClone(base),
  errors: {
    code: [],
    message: [parseExpression("$response.body#/errors/0/message")],
    requestId: [],
    retryableStatuses: [],
  },
};

/**
 * The structured error the runtime made of a 400 with `body` (JSON, or the answer given), checked by the suite; its
 * failure message, or "ok".
 */
async function checked(
  body: unknown,
  answer: Response = json(400, body),
  options: { successShaped?: boolean } = {},
): Promise<string> {
  const input = Object.fromEntries(
    tool.params.filter((p) => p.required).map((p) => [p.name, p.secret ? "zq-token-0123456789" : "zq"]),
  );
  const { fetch } = scriptedFetch(answer);
  const result = await executeToolDefinition(tool, input, { fetch, baseUrl: "http://127.0.0.1:9" });
  if (result.success) throw new Error("expected the 400 to fail the call");
  const url = new URL("http://127.0.0.1:9/");
  const ex: Exchange = {
    method: "GET",
    url,
    search: "",
    headers: new Headers(),
    rawBody: "",
    body: undefined,
    status: 400,
    responseHeaders: new Headers(),
    responseBody: JSON.stringify(body),
    violations: [],
    at: 0,
  };
  try {
    expectStructuredError(tool, ex, result.error, options);
    return "ok";
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe("a 400 answer and the manifest's errors.message", () => {
  it("found: the error carries the upstream's message", async () => {
    expect(await checked({ errors: [{ message: "zq field is required" }] })).toBe("ok");
  });

  it.each([[{}], [{ errors: [{}] }], [{ errors: [] }]])(
    "no text at all in %j: nothing to find, the error names the status",
    async (body) => {
      expect(await checked(body)).toBe("ok");
    },
  );

  it(
    "an HTML page (a login form the document declares as its default answer): the error names the status and " +
      "says it is a page",
    async () => {
      const page = "<!doctype html><title>zq sign in</title>";
      expect(await checked(page, new Response(page, { status: 400, headers: { "content-type": "text/html" } }))).toBe(
        "ok",
      );
    },
  );

  it.each([
    [{ id: "zq1", name: "zq folder", path: "/zq" }],
    [{ zqIdentifier: "zq", created: "2024-05-01T12:00:00Z", status: "ERROR" }],
  ])(
    "only a record's fields in %j (no field named as a message, more than one text): nothing to find, the " +
      "error names the status",
    async (body) => {
      expect(await checked(body)).toBe("ok");
    },
  );

  it.each([
    [{ status: "down" }],
    [{ state: "zq-unavailable", retry: 3 }],
    [{ errors: [{ errorCode: "401" }], faultId: "zq-72d7", traceId: "0HLZQ" }],
    [{ zqFaultId: "zq-72d7", trace_id: "0HLZQ" }],
    [{ zq_expires_at: "2025-10-15T13:52:14.376Z" }],
    [{ zqUntil: "2025-10-15" }],
  ])(
    "only a state, a code, ids or a time in %j (under status, *Code, *Id; a date or date-time): no message to " +
      "find, the error names the status line",
    async (body) => {
      expect(await checked(body)).toBe("ok");
    },
  );

  it.each([
    [{ ZqErrors: { ZqError: [{ ReasonCode: "ZQ_BAD_ROUTE", Source: "zq.route.number" }] } }],
    [{ errors: [{ status: "422", source: { pointer: "/data/attributes/zq" } }] }],
    [{ errors: [{ code: "zq_missing", field: "zq.name", parameter: "zqName", location: "body" }] }],
  ])(
    "only a code and where the error is in %j (source, pointer, field, parameter, location): no message to find, " +
      "the error names the status line",
    async (body) => {
      expect(await checked(body)).toBe("ok");
    },
  );

  it(
    "entries keyed by a label, each of fields (a status and a payload): no field named as a message, nothing to " +
      "find; a label holding a text still is one",
    async () => {
      const acks = { zqAckLabel1: { status: 200, payload: "OK" }, zqAckLabelN: { status: 403, payload: "Forbidden" } };
      expect(await checked(acks)).toBe("ok");
      for (const body of [{ zqLabel: "zq is wrong", zqWhere: "zq.route" }, { zqTexts: ["zq is wrong", "zq again"] }])
        expect(await checked(body)).toMatch(/^the manifest's error message expressions \(errors\.message\) find no /);
    },
  );

  it("text the expressions miss (a message in another place): the case fails, naming the answer", async () => {
    expect(await checked({ errors: { field: "zq", message: "zq field is required" } })).toMatch(
      /^the manifest's error message expressions \(errors\.message\) find no message in the 400 answer /,
    );
    // Under a field named as errors, or the answer's one text, whatever its name.
    for (const body of [
      { zqField: [{ detail: "zq must be > 0", summary: "Incorrect zq" }] },
      { status: 400, zqErr: "zq is wrong" },
      { zqOops: "zq is wrong", id: 4 },
    ]) {
      expect(await checked(body)).toMatch(
        /^the manifest's error message expressions \(errors\.message\) find no message in the 400 answer /,
      );
    }
  });

  it("an answer declared with the success answer's schema (the resource itself): nothing to find", async () => {
    const transcript = { metadata: { request_id: "zq-1" }, results: { summary: { short: "zq words spoken" } } };
    expect(await checked(transcript)).toMatch(/^the manifest's error message expressions/);
    expect(await checked(transcript, undefined, { successShaped: true })).toBe("ok");
  });
});
