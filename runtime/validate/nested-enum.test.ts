// The enum of the values inside a JSON parameter may hold objects and lists
// (a map of ports to `{}` only, `enum: [{}]`): a value equal to one as JSON
// passes, whatever its key order; another is refused, the enum shown as JSON.
import { describe, expect, it } from "vitest";
import type { ToolSpec } from "../spec/tool-types.js";
import { validateParams } from "./full-check.js";

const tool = (values: unknown[]) =>
  ({
    id: "zqports_create",
    params: [
      {
        name: "ports",
        type: "json",
        jsonType: "object",
        values: { enum: values },
        required: true,
        secret: false,
        wire: { in: "body" },
      },
    ],
    rules: [],
    routes: [],
  }) as unknown as ToolSpec;

describe("an enum of JSON values inside a JSON parameter", () => {
  it("an empty object where only {} is allowed passes; another object is refused, shown as JSON", () => {
    expect(validateParams(tool([{}]), { ports: { "80/tcp": {}, "443/tcp": {} } })).toMatchObject({ ok: true });
    expect(validateParams(tool([{}]), { ports: { "80/tcp": { host: 1 } } })).toMatchObject({
      ok: false,
      issues: [
        { param: "ports", rule: "enum", message: expect.stringContaining('ports["80/tcp"]: must be one of {}') },
      ],
    });
  });

  it("objects and lists compare member by member, key order aside; scalars as before", () => {
    const allowed = [{ a: 1, b: [1, 2] }, "x", 3];
    expect(validateParams(tool(allowed), { ports: { p: { b: [1, 2], a: 1 }, q: "x", r: 3 } })).toMatchObject({
      ok: true,
    });
    for (const bad of [{ a: 1, b: [2, 1] }, { a: 1 }, [1], "3", null])
      expect(validateParams(tool(allowed), { ports: { p: bad } })).toMatchObject({
        ok: false,
        issues: [{ rule: "enum" }],
      });
  });
});
