// What a linked operation answers (link/operation/operation.ts): its success statuses (none refused, BW2021), the
// statuses a call succeeds with, its outputs (a download's, a stream's, or each the manifest reads) and the names of
// its types.
import type { ParamSpec } from "@blockwright/runtime/internal";
import type { OperationIR, TypeRef } from "../../model/ir.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import { pascalCase } from "../../model/naming.js";
import type { LinkContext, Path } from "../context.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import { isJsonMediaType } from "../../load/media-types.js";
import { linkDownload } from "../files/files.js";
import { linkStream } from "../stream/streams.js";
import type { linkOutcomes } from "../outputs/outcomes.js";
import { bodyStatusOf, linkOutput, type LinkedOutput } from "../outputs/outputs.js";
import { answerTextOf, csvBesideJson, readAnswerText, readsAnswerText } from "../outputs/answer-text.js";

/** The operation's 2xx statuses, in order (an operation without one is refused). */
export function successStatusesOf(ctx: LinkContext, at: Path, op: OpenApiOperation): number[] {
  const successStatuses = op.responses
    .map((r) => Number(r.status))
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b);
  if (!successStatuses.length)
    ctx.fail(
      "BW2021",
      [...at, "operationId"],
      `operation "${op.operationId}" declares no 2xx response in ${ctx.openapiName}`,
      "value",
    );
  return successStatuses;
}

/**
 * The statuses a call succeeds with: a download's file only (another 2xx, a 202 "not ready yet", carries none of its
 * outputs; each 2xx that answers the file does), a stream's, else every 2xx.
 */
export function outputStatuses(
  download: { status: number; statuses?: number[] } | undefined,
  stream: { status: number } | undefined,
  successStatuses: number[],
): number[] {
  if (download) return [download.status, ...(download.statuses ?? [])];
  return stream ? [stream.status] : successStatuses;
}

/** The tool's outputs: a download's or a stream's, else each the manifest reads from the answer. */
export function linkOutputs(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  byName: Map<string, ParamSpec>,
  successStatuses: number[],
) {
  // The status whose body the outputs read (the first 2xx when none has a body: a body output then says so).
  const bodyStatus = bodyStatusOf(ctx.doc, op, successStatuses);
  const downloaded = linkDownload(ctx, at, mop, op);
  const streamed = linkStream(ctx, at, mop, op);
  const outputs =
    downloaded?.outputs ??
    streamed?.outputs ??
    Object.keys(mop.outputs)
      .sort()
      .map((path) => linkOutput(ctx, [...at, "outputs", path], path, mop, op, byName, bodyStatus))
      .filter((o): o is LinkedOutput => !!o);
  // Whether they read the answer as one text: decided here, once, for every call (outputs/answer-text.ts).
  const text = !downloaded && !streamed && readsAnswerText(outputs.map((o) => o.spec));
  // A record declared as plain text (load/media-types.ts jsonTextType) is JSON text: one that is not JSON fails; a
  // success's CSV of records is read as records (load/operations/csv-answers.ts), each field typed by the row schema.
  const read = !downloaded && !streamed && !text ? ctx.doc.bodyResponse(op) : undefined;
  const answerText = text
    ? answerTextOf(op, successStatuses)
    : read?.mediaType && !isJsonMediaType(read.mediaType)
      ? readAnswerText(read.mediaType, read.schema, (s) => ctx.doc.resolve(s))
      : read
        ? csvBesideJson(ctx.doc, op, successStatuses)
        : undefined;
  return { downloaded, streamed, outputs, answerText: answerText ? { answerText } : {} };
}

/** The names of the tool's types, and each output's types (an outcome's among them). */
export function operationTypes(
  id: string,
  outputs: readonly LinkedOutput[],
  outcomes: ReturnType<typeof linkOutcomes>,
): OperationIR["types"] {
  const outcomeTypes = new Map<string, TypeRef[]>();
  for (const o of outcomes)
    for (const [path, t] of o.types) outcomeTypes.set(path, [...(outcomeTypes.get(path) ?? []), t]);
  const pascal = pascalCase(id);
  return {
    paramsName: `${pascal}Params`,
    outputName: `${pascal}Output`,
    outputs: outputs.map((o) => ({
      path: o.spec.path,
      optional: o.spec.optional,
      types: [o.type, ...(outcomeTypes.get(o.spec.path) ?? [])],
    })),
  };
}
