// An upstream's failure in words when the manifest's expressions find no
// message: an RFC 9457 problem (a mock's 422 among them) gives its title,
// detail and first listed reasons instead of "no error message" (with the
// support's `problems`, problem-details.ts: every caller whose parts are
// chosen by hand, and a package whose operations declare problem+json).
import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../spec/tool-types.js";
import { problemMessage } from "./problem-details.js";
import { upstreamError } from "./upstream-error.js";

const tool = { errors: { code: [], message: [], requestId: [], retryableStatuses: [] } } as unknown as ToolSpec;
const problem = (body: unknown, type = "application/problem+json") =>
  upstreamError(
    tool,
    new Response(null, { status: 422, statusText: "Unprocessable Entity", headers: { "content-type": type } }),
    body,
    0,
    { problems: problemMessage },
  );

describe("an upstream error without a message the manifest finds", () => {
  it(
    "without the problems part (a generated package whose operations declare no problem+json answer), " +
      "says there is no message",
    () => {
      const response = new Response(null, {
        status: 422,
        statusText: "Unprocessable Entity",
        headers: { "content-type": "application/problem+json" },
      });
      expect(upstreamError(tool, response, { title: "Invalid request" }).message).toBe(
        "HTTP 422 Unprocessable Entity with no error message",
      );
    },
  );

  it("quotes a problem's title, detail and the first items of its validation list", () => {
    const body = {
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
      detail:
        "Your request is not valid and no HTTP validation response was found in the spec, " +
        "so Prism is generating this error for you.",
      validation: [1, 2, 3, 4].map((n) => ({
        location: ["request", "body"],
        severity: "Error",
        code: "format",
        message: `Request body property zq${n} must match format "uri"`,
      })),
    };
    expect(problem(body).message).toBe(
      `HTTP 422 Unprocessable Entity: Invalid request: ${body.detail}; Request body property zq1 must match ` +
        `format "uri"; Request body property zq2 must match format "uri"; Request body property zq3 must match ` +
        `format "uri" (and 1 more)`,
    );
  });

  it("keeps saying there is none for a body that is no problem", () => {
    expect(problem({ title: "zq" }, "application/json").message).toBe(
      "HTTP 422 Unprocessable Entity with no error message",
    );
    expect(problem({}).message).toBe("HTTP 422 Unprocessable Entity with no error message");
  });
});

describe("the request id of a failure whose manifest names none the answer has (issue 61, N4)", () => {
  const answer = (status: number, headers: Record<string, string>) => new Response(null, { status, headers });

  it("is the answer's x-request-id or request-id, whatever its status: a 404's as a 500's", () => {
    expect(upstreamError(tool, answer(404, { "x-request-id": "zq-req-404" }), undefined).requestId).toBe("zq-req-404");
    expect(upstreamError(tool, answer(500, { "request-id": "zq-req-500" }), undefined).requestId).toBe("zq-req-500");
    expect(upstreamError(tool, answer(404, {}), undefined).requestId).toBeUndefined();
  });

  it("is the manifest's first: its body expression, then the header it names, then the common names", () => {
    const named = {
      errors: {
        code: [],
        message: [],
        requestId: [
          { kind: "body", pointer: ["error", "trace"] },
          { kind: "header", name: "x-zq-trace" },
        ],
        retryableStatuses: [],
      },
    } as unknown as ToolSpec;
    const headers = { "x-zq-trace": "zq-named", "x-request-id": "zq-common" };
    expect(upstreamError(named, answer(404, headers), { error: { trace: "zq-body" } }).requestId).toBe("zq-body");
    expect(upstreamError(named, answer(404, headers), {}).requestId).toBe("zq-named");
    expect(upstreamError(named, answer(404, { "x-request-id": "zq-common" }), {}).requestId).toBe("zq-common");
  });

  it("is redacted like every text of the error", () => {
    const secret = "zq-secret-0123456789";
    expect(
      upstreamError(tool, answer(404, { "x-request-id": `req-${secret}` }), undefined, 0, {}, [secret]).requestId,
    ).toBe("req-[redacted]");
  });
});
