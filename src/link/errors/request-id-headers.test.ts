// A failure's request id where the manifest names none (issue 61): the headers
// named like a request id that the document's answers declare, read by the
// runtime before the common names (x-request-id, request-id). Not a client's
// own id the upstream echoes, nor the common names themselves.
import { describe, expect, it } from "vitest";
import { linkWild } from "../../../test-support/link-wild.js";

const NO_REQUEST_ID = { find: '  requestId: ["$response.header.request-id"]\n', replace: "" };
const declaring = (...names: string[]) => ({
  file: "openapi.yaml",
  find: "      headers:\n        Request-Id:\n",
  replace:
    `      headers:\n${names.map((n) => `        ${n}:\n          schema: { type: string }\n`).join("")}` +
    `        Request-Id:\n`,
});

async function requestIds(...edits: Parameters<typeof linkWild>[1]) {
  const linked = await linkWild("zqpayments", edits);
  if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
  return [...new Set(linked.ir.operations.map((o) => JSON.stringify(o.tool.errors.requestId)))].map(
    (j) => JSON.parse(j) as unknown,
  );
}

describe("a request id the manifest names no expression for", () => {
  it("is read from each header the document's answers declare named like one, in lower case", async () => {
    expect(
      await requestIds(
        NO_REQUEST_ID,
        declaring("X-Zq-Request-Id", "X-Zqcorp-RequestId", "Client-Request-Id", "X-Request-Id"),
      ),
    ).toEqual([
      [
        { kind: "header", name: "x-zq-request-id" },
        { kind: "header", name: "x-zqcorp-requestid" },
      ],
    ]);
  });

  it("is what the manifest says when it says it, the document's names aside", async () => {
    expect(await requestIds(declaring("X-Zq-Request-Id"))).toEqual([[{ kind: "header", name: "request-id" }]]);
  });
});
