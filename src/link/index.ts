// The link step: the only part of the generator that knows both formats. It
// checks a manifest against its OpenAPI document — every operation,
// parameter, body field and output path must exist there, types must agree,
// and no manifest limit may be looser than the spec's — and builds the
// ProviderIR. One module per manifest concept; this one runs them in order
// and gathers every problem before giving up.
import { fieldOf } from "@blockwright/runtime/internal/generate";
import type { SourceError, YamlSource } from "../load/yaml-source.js";
import { buildBlock, presentation } from "./build-block.js";
import type { OperationIR, ProviderIR } from "../model/ir.js";
import type { Manifest } from "../load/precompiled/manifest-types.js";
import { camelCase, pascalCase } from "../model/naming.js";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { authOf, linkAuth } from "./auth/auth.js";
import { OPERATION_PARTS } from "./concepts.js";
import { linkContext } from "./context.js";
import { linkErrors } from "./errors/errors.js";
import { checkDerivedNames } from "./names/names.js";
import { linkOperation } from "./operation/operation.js";
import { checkPageInputNames } from "./pagination/pagination.js";
import { checkSchemaConstructs } from "./schema-constructs.js";
import { linkRateLimits } from "./rate-limits/rate-limits.js";
import { linkServer } from "./server/server.js";
import { linkPollTriggers } from "./poll-triggers/poll-triggers.js";
import { linkTriggers } from "./triggers/triggers.js";

export class LinkErrors extends Error {
  constructor(readonly errors: SourceError[]) {
    super(errors.map((e) => e.printed).join("\n"));
    this.name = "LinkErrors";
  }
}

/** Link a manifest against its OpenAPI document, read once (the type emitter and the surface read it too). */
export function linkDocument(source: YamlSource<Manifest>, document: OpenApiDocument): ProviderIR {
  const { ctx, errors: problems } = linkContext(source, document);
  const m = ctx.manifest;
  checkSchemaConstructs(ctx);
  const auth = linkAuth(ctx);
  const errors = linkErrors(ctx);
  const rateLimits = linkRateLimits(ctx);
  const server = linkServer(ctx);
  checkPageInputNames(ctx);
  checkDerivedNames(ctx);
  const operations = Object.keys(m.operations)
    .sort()
    .map((id) => linkOperation(ctx, id, fieldOf(m.operations, id), { auth, errors, rateLimits }, OPERATION_PARTS))
    .filter((op): op is OperationIR => op !== undefined);
  const tools = operations.map((op) => op.tool);
  const triggers = linkTriggers(ctx, tools);
  const pollTriggers = linkPollTriggers(ctx, tools);
  if (problems.length) throw new LinkErrors(problems);
  return {
    provider: m.provider,
    ...presentation(m),
    sources: { manifest: source.file, openapi: ctx.openapiName },
    names: { pascal: pascalCase(m.provider), camel: camelCase(m.provider) },
    server,
    auth: authOf(ctx, auth),
    operations,
    ...(triggers.length ? { triggers } : {}),
    ...(pollTriggers.length ? { pollTriggers } : {}),
    block: buildBlock(m, tools),
  };
}
