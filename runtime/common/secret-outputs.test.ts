import { describe, expect, it } from "vitest";
import { REDACTED } from "../common/redact.js";
import { secretOutputTexts, withheldOutputs } from "./secret-outputs.js";

const source = { expression: "$response.body", ref: { kind: "body", pointer: [] } } as never;
const tool = {
  outputs: [
    { path: "data", type: "json", optional: false, source },
    { path: "metadata.apiKey", type: "string", optional: false, source, secret: true as const },
    { path: "metadata.code", type: "number", optional: true, source, secret: true as const },
  ],
};
const key = "zq_live_7d9f2c41aa";
const result = {
  success: true,
  output: { data: { id: "k1", key, note: `use ${encodeURIComponent(key)}` }, metadata: { apiKey: key, code: 482913 } },
};

describe("a reply's secret outputs", () => {
  it("are masked at their place and redacted wherever else the result holds them, the caller's unchanged", () => {
    const shown = withheldOutputs(tool, result);
    expect(shown.output.metadata).toEqual({ apiKey: REDACTED, code: REDACTED });
    expect(JSON.stringify(shown)).not.toContain(key);
    expect(shown.output.data.id).toBe("k1");
    expect(result.output.metadata.apiKey).toBe(key);
  });

  it("are masked whatever their length, a short code too", () => {
    const short = { success: true, output: { data: {}, metadata: { apiKey: "zq", code: 12 } } };
    expect(withheldOutputs(tool, short).output.metadata).toEqual({ apiKey: REDACTED, code: REDACTED });
    expect(short.output.metadata.apiKey).toBe("zq");
  });

  it("give their texts, a number's as written", () => {
    expect(secretOutputTexts(tool, result.output)).toEqual([key, "482913"]);
  });

  it("leave a tool without one as it was", () => {
    const plain = { outputs: [tool.outputs[0]] } as typeof tool;
    expect(withheldOutputs(plain, result)).toBe(result);
  });
});
