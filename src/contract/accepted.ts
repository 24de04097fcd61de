// An accepted call, checked through: one request, which the mock accepted and
// which has the operation's method, path, declared keys, credential and
// content type; a successful result whose outputs are what the mapping makes
// of the mock's answer and conform to the declared outputs.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { callTool, expectSuccess, onlyExchange, type CallOptions, type Called } from "./call.js";
import type { Exchange } from "./exchange.js";
import { expectOutputs } from "./outputs.js";
import { checkRequest } from "./request/request.js";
import type { CaseContext } from "./types.js";
import type { Input } from "./inputs/values.js";

export interface Accepted {
  called: Called;
  exchange: Exchange;
  output: Record<string, unknown>;
}

export async function expectAcceptedCall(
  tool: ToolSpec,
  doc: OpenApiDocument,
  input: Input,
  ctx: CaseContext,
  options: CallOptions = {},
): Promise<Accepted> {
  const called = await callTool(tool, input, ctx, { retries: 0, ...options });
  const output = expectSuccess(called);
  const exchange = onlyExchange(called);
  checkRequest(exchange, tool, doc, called.input);
  expectOutputs(tool, output, exchange, called.input);
  return { called, exchange, output };
}
