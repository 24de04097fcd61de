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
const problem = (body: unknown, type = "application/problem+json") => upstreamError(tool, new Response(null, { status: 422, statusText: "Unprocessable Entity", headers: { "content-type": type } }), body, 0, { problems: problemMessage });

describe("an upstream error without a message the manifest finds", () => {
  it("without the problems part (a generated package whose operations declare no problem+json answer), says there is no message", () => {
    const response = new Response(null, { status: 422, statusText: "Unprocessable Entity", headers: { "content-type": "application/problem+json" } });
    expect(upstreamError(tool, response, { title: "Invalid request" }).message).toBe("HTTP 422 Unprocessable Entity with no error message");
  });

  it("quotes a problem's title, detail and the first items of its validation list", () => {
    const body = {
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
      detail: "Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.",
      validation: [1, 2, 3, 4].map((n) => ({ location: ["request", "body"], severity: "Error", code: "format", message: `Request body property zq${n} must match format "uri"` })),
    };
    expect(problem(body).message).toBe(
      `HTTP 422 Unprocessable Entity: Invalid request: ${body.detail}; Request body property zq1 must match format "uri"; Request body property zq2 must match format "uri"; Request body property zq3 must match format "uri" (and 1 more)`,
    );
  });

  it("keeps saying there is none for a body that is no problem", () => {
    expect(problem({ title: "zq" }, "application/json").message).toBe("HTTP 422 Unprocessable Entity with no error message");
    expect(problem({}).message).toBe("HTTP 422 Unprocessable Entity with no error message");
  });
});
