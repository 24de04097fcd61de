// The outputs a call must give when the answer echoes one of its secrets (a
// next-page address carrying a query value that holds the token): redacted,
// as the runtime keeps every secret out of its outputs, in any encoding.
import { REDACTED, redactDeep, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { Exchange } from "./exchange.js";
import { expectOutputs } from "./outputs.js";

const tool = {
  id: "zqlist_items",
  params: [
    {
      name: "zqtoken",
      type: "string",
      secret: true,
      required: true,
      description: "t",
      wire: { in: "header", name: "Authorization" },
    },
    { name: "zqfields", type: "string", description: "f", wire: { in: "query", name: "fields" } },
  ],
  outputs: [{ path: "next", type: "string", description: "next", source: { expression: "$response.body#/next" } }],
  outcomes: [],
  rules: [],
} as unknown as ToolSpec;
const token = 'H"4?g#(Fi';
const input = { zqtoken: token, zqfields: `${token}T` };
const next = `http://127.0.0.1:4010/items?fields=${encodeURIComponent(input.zqfields)}&offset=1`;
const answer = {
  status: 200,
  responseHeaders: new Headers({ "content-type": "application/json" }),
  responseBody: JSON.stringify({ next }),
} as Exchange;

describe("outputs that would echo a secret of the call", () => {
  it("are expected redacted, as the runtime gives them", () => {
    const given = redactDeep({ next }, [token]);
    expect(given.next).toContain(REDACTED);
    expect(() => expectOutputs(tool, given, answer, input)).not.toThrow();
  });

  it("fail the case when the secret shows", () => {
    expect(() => expectOutputs(tool, { next }, answer, input)).toThrow(/outputs for the 200 answer/);
  });
});

describe("outputs that would echo a secret inside a JSON parameter's value", () => {
  const listTool = {
    id: "zqlist_servers",
    params: [
      {
        name: "zqservers",
        type: "json",
        description: "s",
        wire: { in: "body", name: "servers" },
        items: { type: "object", fields: { host: { type: "string" }, zqshared: { type: "string", secret: true } } },
      },
    ],
    outputs: [{ path: "echo", type: "string", description: "e", source: { expression: "$response.body#/echo" } }],
    outcomes: [],
    rules: [],
  } as unknown as ToolSpec;
  const shared = "zq-shared-0042";
  const echoed = {
    status: 200,
    responseHeaders: new Headers({ "content-type": "application/json" }),
    responseBody: JSON.stringify({ echo: `refused ${shared} at h1` }),
  } as Exchange;

  it("are expected redacted, given as a value or as its JSON text", () => {
    const servers = [{ host: "h1", zqshared: shared }];
    const given = { echo: `refused ${REDACTED} at h1` };
    expect(() => expectOutputs(listTool, given, echoed, { zqservers: servers })).not.toThrow();
    expect(() => expectOutputs(listTool, given, echoed, { zqservers: JSON.stringify(servers) })).not.toThrow();
    expect(() => expectOutputs(listTool, { echo: `refused ${shared} at h1` }, echoed, { zqservers: servers })).toThrow(
      /outputs for the 200 answer/,
    );
  });
});
