// A failing case's report quotes the mock's answer and the case's message (which may print the outputs): a secret the
// answer hands out (an output marked `secret`: a created key, a session token in a header) is redacted there as the
// call's own secrets are.
import type { OutputSpec, ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { Exchange } from "./exchange.js";
import { failureDetail } from "./failure.js";

const get = irFixture("shelf").operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "zq_book_key_8Gd2Vn5Rk7Ua";
const SESSION = "zq_session_6Tb1Hy9Xm4Pe";
const secretOutput = (path: string, ref: OutputSpec["source"]): OutputSpec => ({
  path,
  type: "string",
  description: path,
  optional: true,
  source: ref,
  secret: true,
});
const tool: ToolSpec = {
  ...get,
  outputs: [
    ...get.outputs,
    secretOutput("metadata.key", { expression: "$response.body#/key", ref: { kind: "body", pointer: ["key"] } }),
    secretOutput("metadata.session", {
      expression: "$response.header.x-zq-session",
      ref: { kind: "header", name: "x-zq-session" },
    }),
  ],
};

describe("a failing case whose answer hands out a secret", () => {
  it("reports the answer and the message with it redacted", () => {
    const exchange: Exchange = {
      method: "GET",
      url: new URL("http://127.0.0.1:4010/books/zq-b1"),
      search: "",
      headers: new Headers(),
      rawBody: "",
      body: undefined,
      status: 200,
      responseHeaders: new Headers({ "x-zq-session": SESSION }),
      responseBody: JSON.stringify({ id: "zq-b1", state: "ready", key: KEY }),
      violations: [],
      at: 0,
    };
    const message = `outputs for the 200 answer: expected {"key":"${KEY}","session":"${SESSION}"}, got {}`;
    const detail = failureDetail(message, { tool, input: { bookId: "zq-b1" }, exchanges: [exchange] });
    const shown = JSON.stringify(detail);
    expect(shown).not.toContain(KEY);
    expect(shown).not.toContain(SESSION);
    expect(detail.answer?.body).toContain('"state":"ready"');
    expect(detail.violation).toContain("[redacted]");
  });
});
