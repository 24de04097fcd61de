// A flow's parameters are a property of the (immutable) flow: worked out once
// per flow, not on each call of a tool with flows (every call asks which flow
// its values complete, and keys the token cache by them).
import { describe, expect, it } from "vitest";
import type { OAuthFlowSpec } from "../spec/tool-types.js";
import { flowParams, oauthParams } from "./flows.js";

const flow = {
  grant: "clientCredentials",
  clientId: "clientId",
  clientSecret: "clientSecret",
  tokenUrl: "https://login.shelves.test/{tenant}/oauth2/token",
} as OAuthFlowSpec;

describe("a flow's parameters", () => {
  it("are its own and its token URL's placeholders, in order, each once", () => {
    expect(flowParams(flow)).toEqual(["clientId", "clientSecret", "tenant"]);
    expect(flowParams({ ...flow, tokenUrl: "https://login.shelves.test/{clientId}/token" })).toEqual([
      "clientId",
      "clientSecret",
    ]);
  });
  it("are worked out once per flow: the same list, which no caller can change, at every asking", () => {
    const first = flowParams(flow);
    expect(flowParams(flow)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect([...oauthParams({ oauth: { flows: [flow] } as never })]).toEqual(["clientId", "clientSecret", "tenant"]);
    expect(flowParams(flow)).toEqual(["clientId", "clientSecret", "tenant"]);
  });
});
