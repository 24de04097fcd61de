// What a string parameter's places ask of its value (validate-params.ts checkString): worked out once per tool and
// parameter, and read on every call. The same parameter definition in two tools (a package's shared credential
// parameter, a route that places a value elsewhere) is checked as each tool places it, in whichever order the tools
// are called, and each call after the first refuses what the first did.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

const key: ParamCall = { name: "zqKey", type: "string", required: true, secret: true, wire: { in: "auth" } };
const label: ParamCall = {
  name: "zqLabel",
  type: "string",
  required: true,
  secret: false,
  wire: { in: "query", name: "label" },
};

const tool = (id: string, auth: object, params: ParamCall[], routes: object[] = []) =>
  ({ id, provider: "zq", auth, params, rules: [], routes }) as unknown as ToolCall;
// One credential parameter's definition shared by two tools, one sending it in a header, one in the query.
const inHeader = tool("zq_header", { type: "header", name: "X-Zq-Key", param: "zqKey" }, [key]);
const inQuery = tool("zq_query", { type: "query", name: "zq_key", param: "zqKey" }, [key]);
const viaRoute = tool(
  "zq_routed",
  { type: "none" },
  [label],
  [{ when: {}, wire: { zqLabel: { in: "path", name: "l" } } }],
);
const plain = tool("zq_plain", { type: "none" }, [label]);

const issues = (t: ToolCall, input: Record<string, unknown>) => {
  const checked = validateParams(t, input);
  return "issues" in checked ? checked.issues.map((i) => `${i.rule}: ${i.message}`) : [];
};

describe("a string's places", () => {
  it("refuse a line break as the tool sends the value: in a header, in the address", () => {
    for (let round = 0; round < 2; round++) {
      // A key a header carries as its own text: ASCII only; one sent percent-encoded: no control characters.
      expect(issues(inHeader, { zqKey: "zqkey-0001\r\nX-Zq: 1" })).toEqual([
        "characters: zqKey: must be ASCII text (it is sent as it is in the X-Zq-Key header, which carries no other " +
          "character alike on every server; character 11 is a control character), got (secret value withheld)",
      ]);
      expect(issues(inQuery, { zqKey: "zqkey-0001\r\nX-Zq: 1" })).toEqual([
        "characters: zqKey: must not contain line breaks or other control characters, got (secret value withheld)",
      ]);
    }
  });

  it("refuse a stray space for the reason of each place", () => {
    for (let round = 0; round < 2; round++) {
      expect(issues(inQuery, { zqKey: "zqkey-0001 " })).toEqual([
        "characters: zqKey: must not start or end with a space or tab (a credential never does: check for a stray " +
          "space), got (secret value withheld)",
      ]);
      expect(issues(inHeader, { zqKey: " zqkey-0001" })).toEqual([
        "characters: zqKey: must not start or end with a space or tab (an HTTP header drops them), got (secret value " +
          "withheld)",
      ]);
    }
  });

  it("refuse a dot segment only where a route places the value in the path", () => {
    for (let round = 0; round < 2; round++) {
      expect(issues(plain, { zqLabel: ".." })).toEqual([]);
      expect(issues(viaRoute, { zqLabel: ".." })).toEqual([
        'pathSegment: zqLabel: must not be or hold a segment "", "." or "..", got ".."',
      ]);
    }
  });

  it("take a value each place allows", () => {
    expect(issues(inHeader, { zqKey: "zqkey-0001" })).toEqual([]);
    expect(issues(inQuery, { zqKey: "zqkey-0001" })).toEqual([]);
    expect(issues(viaRoute, { zqLabel: "zq.label" })).toEqual([]);
  });
});
