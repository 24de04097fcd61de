// The parameters a tool's OAuth flows read: a module of its own, which the generator (that lists them in READMEs and
// clients' types) imports without the flows' token requests, their cache, the assertions' signing and the transport.
import type { OAuthFlowSpec, ToolCall } from "../spec/tool-types.js";
import { tokenUrlPlaceholders } from "./token-url.js";

// A property of the (immutable) flow: worked out once per flow, not on each call (every call of a tool with flows
// asks).
const paramsOfFlow = new WeakMap<OAuthFlowSpec, readonly string[]>();

/** The parameters a flow needs, its token URL's placeholders included (an optional client secret is not needed). */
export function flowParams(flow: OAuthFlowSpec): readonly string[] {
  let params = paramsOfFlow.get(flow);
  if (!params) {
    const own =
      flow.grant === "clientCredentials"
        ? [flow.clientId, flow.clientSecret]
        : flow.grant === "refreshToken"
          ? [flow.refreshToken, flow.clientId]
          : [flow.clientId, flow.subject, flow.privateKey];
    params = Object.freeze([...new Set([...own, ...tokenUrlPlaceholders(flow.tokenUrl)])]);
    paramsOfFlow.set(flow, params);
  }
  return params;
}

/** Every parameter of a tool's flows (the client secret of a refresh flow and an assertion's audience included). */
export function oauthParams(tool: Pick<ToolCall, "oauth">): Set<string> {
  const names = new Set<string>();
  for (const flow of tool.oauth?.flows ?? []) {
    for (const name of flowParams(flow)) names.add(name);
    if (flow.grant === "refreshToken" && flow.clientSecret) names.add(flow.clientSecret);
    if (flow.grant === "jwtBearer" && flow.audience?.param) names.add(flow.audience.param);
  }
  return names;
}
