// A number sent as text (a query, path or header value, a form field, a list's items) was written as JavaScript
// writes it: 0.0000001 as `quantity=1e-7`, 1.5e21 as `1.5e%2B21`, which an upstream reading decimals refuses ("illegal
// characters", a pattern `^[0-9]+(\.[0-9]+)?$`). It goes in plain decimal notation now, the same digits; a JSON body
// keeps JSON's own number text.
import { describe, expect, it } from "vitest";
import { executeToolDefinition } from "../execute/execute.js";
import { plainNumber } from "../common/scalar-text.js";
import type { ParamSpec } from "../spec/tool-types.js";
import { styledPairs } from "./form-body.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";

const param = (name: string, wire: ParamSpec["wire"], type: ParamSpec["type"] = "number"): ParamSpec =>
  ({ name, type, title: "", description: "", required: false, wire }) as ParamSpec;

describe("a number sent as text", () => {
  it("is written without an exponent, its digits as they are", () => {
    expect([1e-7, 1.2345e-7, -2.5e-9, 1.5e21, -1e21, 123e20, 0.1, 30000.5, 5e-324].map(plainNumber)).toEqual([
      "0.0000001",
      "0.00000012345",
      "-0.0000000025",
      "1500000000000000000000",
      "-1000000000000000000000",
      "12300000000000000000000",
      "0.1",
      "30000.5",
      `0.${"0".repeat(323)}5`,
    ]);
    for (const n of [1e-7, 1.2345e-7, 1.5e21, 9.87654321e-12]) expect(Number(plainNumber(n))).toBe(n);
    // About where JavaScript starts writing an exponent.
    expect([1e-6, 9.99e-7, 9.99e20, 1e21, 0, -0].map(plainNumber)).toEqual([
      "0.000001",
      "0.000000999",
      "999000000000000000000",
      "1000000000000000000000",
      "0",
      "0",
    ]);
  });

  it("goes so in the query, the path, a header, a list's items and a form's fields", async () => {
    const tool = bareTool("zq_order", {
      operationId: "zqOrder",
      path: "/zqorders/{zqPrice}",
      server: { template: "https://api.zqorders.test", variables: {}, hosts: ["api.zqorders.test"] },
      auth: { type: "header", name: "X-Zq-Key", param: "zqKey" },
      params: [
        { ...param("zqKey", { in: "auth" }, "string"), secret: true, visibility: "user-only" } as ParamSpec,
        param("zqQuantity", { in: "query", name: "quantity" }),
        param("zqPrice", { in: "path", name: "zqPrice" }),
        param("zqWindow", { in: "header", name: "X-Zq-Window" }),
      ],
    });
    const seen: Request[] = [];
    const fetch = async (request: Request) => {
      seen.push(request);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool,
      { zqKey: "zq-key-0123456789", zqQuantity: 1e-7, zqPrice: 1.5e21, zqWindow: 2.5e-8 },
      { fetch },
    );
    expect(result).toMatchObject({ success: true });
    expect(seen[0]?.url).toBe("https://api.zqorders.test/zqorders/1500000000000000000000?quantity=0.0000001");
    expect(seen[0]?.headers.get("x-zq-window")).toBe("0.000000025");
    expect(styledPairs("sizes", [1e-7, 2], { style: "form", explode: false })).toEqual([["sizes", "0.0000001,2"]]);
    expect(styledPairs("size", 1e-7)).toEqual([["size", "0.0000001"]]);
  });
});
