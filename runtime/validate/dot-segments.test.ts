// A path value an address would resolve away: a segment "." or ".." (RFC 3986's dot segments, which WHATWG URL, and
// so fetch, removes — `%2E` too). A value spanning segments (a file path) holds several, and a list in style simple
// is its items between commas: each was sent, and the request went to another resource (a directory sample's
// `ids: ["."]`: GET /zqstops/./disruption became GET /zqstops/disruption). A list in style label follows the style's
// own ".": its one item "." wrote "..", and GET /zq/q/../x went to GET /zq/x.
import { describe, expect, it } from "vitest";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

const filePath: ParamCall = {
  name: "zqPath",
  type: "string",
  required: true,
  secret: false,
  wire: { in: "path", name: "path", multiSegment: true },
};
const ids: ParamCall = {
  name: "zqIds",
  type: "json",
  jsonType: "array",
  required: true,
  secret: false,
  wire: { in: "path", name: "ids" },
};
const labelled: ParamCall = {
  ...ids,
  name: "zqLabels",
  wire: { in: "path", name: "labels", encoding: { style: "label", explode: false } },
};
const tool = (param: ParamCall) => ({ id: "zq_read", params: [param], rules: [], routes: [] }) as unknown as ToolCall;

const refusal = (param: ParamCall, value: unknown) => {
  const checked = validateParams(tool(param), { [param.name]: value });
  return "issues" in checked ? checked.issues.map((i) => [i.param, i.rule]) : [];
};

describe("a dot segment in a path", () => {
  it("is refused inside a value spanning segments, naming the parameter and the rule", () => {
    for (const value of ["zqdocs/../zqsecrets", "./zqdocs", "zqdocs/.", "zqdocs/./zqfile", ".."])
      expect(refusal(filePath, value), value).toEqual([["zqPath", "pathSegment"]]);
  });

  it("is refused as an empty segment inside a value spanning segments: a leading, doubled or trailing /", () => {
    // First in a path (`/{resourceUri}/zqitems`), a leading "/" makes "//", which an address reads as a host.
    for (const value of ["/zqdocs", "zqdocs//zqfile", "zqdocs/", "/", "/ "])
      expect(refusal(filePath, value), value).toEqual([["zqPath", "pathSegment"]]);
    const checked = validateParams(tool(filePath), { zqPath: "/zqdocs" });
    expect("issues" in checked && checked.issues[0]?.message).toBe(
      'zqPath: must not be or hold a segment "", "." or "..", got "/zqdocs"',
    );
  });

  it("is not a dot inside a segment's name, which stays", () => {
    for (const value of ["zqdocs/..zqfile", "zqdocs/zq.file", ".zqhidden/...", "zqdocs/zq..md"])
      expect(refusal(filePath, value), value).toEqual([]);
  });

  it("is refused as a list's one item in style simple, not beside others", () => {
    expect(refusal(ids, ["."])).toEqual([["zqIds", "pathSegment"]]);
    expect(refusal(ids, '[".."]')).toEqual([["zqIds", "pathSegment"]]);
    expect(refusal(ids, [".", "zq1"])).toEqual([]);
  });

  it('is refused where style label writes one: its one item "" or "." after the style\'s own "."', () => {
    // `.` + `.` is `..`: GET /zq/{labels}/zqitems with ["."] went to GET /zqitems.
    expect(refusal(labelled, ["."])).toEqual([["zqLabels", "pathSegment"]]);
    expect(refusal(labelled, [""])).toEqual([["zqLabels", "pathSegment"]]);
    const exploded = { ...labelled, wire: { ...labelled.wire, encoding: { style: "label", explode: true } } };
    expect(refusal(exploded as ParamCall, ["", ""])).toEqual([["zqLabels", "pathSegment"]]);
    const checked = validateParams(tool(labelled), { zqLabels: ["."] });
    expect("issues" in checked && checked.issues[0]?.message).toBe(
      'zqLabels: must not write the path segment "." or ".." (style label writes a "." before its items), ' +
        'got array ["."]',
    );
    // A dot beside other text or items is no dot segment: `.zq.1`, `.,zq1`.
    expect(refusal(labelled, ["zq.1"])).toEqual([]);
    expect(refusal(labelled, [".", "zq1"])).toEqual([]);
  });
});
