// The success answers beside the one a drafted operation's outputs are read
// from (the lowest 2xx with a JSON body, outputs.ts): one without a body
// (Sentry's 208 beside its 201, a 204 beside a 200, even one whose document
// declares a body it cannot carry), or one whose body is of another shape (a
// 202 "accepted for background work" object beside a 200 list). The outputs
// read from the first body may then be absent, and a status output says
// which answer came; an answer of another shape is an outcome (`outcomes`),
// its outputs the status alone, for its body breaks the outputs' types.
// Beside a bare list or a page object holding it, whose list outputs read
// the first of the page's field and the body, an answer of either form is
// the outputs' own, and one lacking a field any place reads is an outcome.
import { carriesNoContent } from "../../load/media-types.js";
import { typeOf, type OpenApiDocument, type OpenApiOperation, unionOf } from "../../load/openapi-document.js";
import type { ManifestOutcome } from "../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { shortText } from "../plain-text.js";
import { type OutputsDraft, outputName } from "./outputs.js";
import { safeFlatten } from "./param-schema.js";

type Path = (string | number)[];

export function withOtherAnswers(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  draft: OutputsDraft,
  at: Path,
  notes: ReviewNote[],
): OutputsDraft {
  const response = doc.bodyResponse(op);
  if (!response) return draft;
  const success = op.responses.filter((r) => /^2\d\d$/.test(r.status) && r.status !== response.status);
  const bodiless = success
    .filter((r) => carriesNoContent(r.status) || (!r.schema && !r.mediaTypes.length))
    .map((r) => r.status);
  const shapeOf = (schema: unknown) => {
    const flat = safeFlatten(doc, schema as Parameters<typeof safeFlatten>[1]);
    return flat ? typeOf(flat) : undefined;
  };
  const shape = shapeOf(response.schema);
  // Outputs read from the first of several places (a bare list or a page object holding it) are read from either form
  // of the union: an answer of either shape is theirs.
  const firstOf = Object.values(draft.outputs).some((o) => Array.isArray(o.from));
  const shapes = firstOf ? formShapes(doc, response.schema) : [shape];
  // An object of other fields is of another shape too (a 202's receipt beside a 200's record): it holds none of some
  // field an output reads at the top of the body.
  const read = readFields(draft);
  const lacksRead = (schema: unknown) => {
    const flat = safeFlatten(doc, schema as Parameters<typeof safeFlatten>[1]);
    const props = flat?.properties && typeof flat.properties === "object" ? Object.keys(flat.properties) : undefined;
    return shapes.includes("object") && props !== undefined && read.some((f) => !props.includes(f));
  };
  const otherShape = (schema: unknown) =>
    firstOf ? formShapes(doc, schema).some((s) => !shapes.includes(s)) : shapeOf(schema) !== shape;
  const others = success.filter(
    (r) => !carriesNoContent(r.status) && r.schema && (otherShape(r.schema) || lacksRead(r.schema)),
  );
  if (!bodiless.length && !others.length) return draft;
  // An output with a default stays required where a reply without a body is the other answer (the default fills it);
  // an outcome's outputs are the status alone, so there none is required.
  for (const output of Object.values(draft.outputs))
    if (others.length || !("default" in output)) output.optional = true;
  let status = Object.entries(draft.outputs).find(([, o]) => o.from === "$statusCode")?.[0];
  if (!status) {
    status = outputName("status", draft.outputs);
    draft.outputs[status] = {
      type: "number",
      from: "$statusCode",
      description: `The HTTP status of the reply: ${[response.status, ...bodiless, ...others.map((r) => r.status)].join(
        " or ",
      )}.`,
    };
  }
  const outputs = `every output read from the ${response.status} body is optional, and ${status} tells them apart`;
  if (bodiless.length) {
    const replies = `${bodiless.join(" and ")} ${bodiless.length > 1 ? "replies have" : "reply has"}`;
    notes.push({ at: [...at, "outputs"], note: `the ${replies} no body: ${outputs}` });
  }
  if (!others.length) return draft;
  const outcomes: Record<string, ManifestOutcome> = {};
  for (const r of others)
    outcomes[r.status] = {
      description: shortText(r.description || `The ${r.status} reply.`, 200),
      outputs: { [status]: { from: "$statusCode" } },
    };
  notes.push({
    at: [...at, "outcomes"],
    note:
      `the ${others.map((r) => r.status).join(" and ")} ` +
      `${others.length > 1 ? "replies hold bodies" : "reply holds a body"} ` +
      `of another shape than the ${response.status} reply's (${shape ?? "no type"}): drafted as outcomes whose ` +
      `outputs are the status alone; ${outputs}; add an output for what such a body holds if the caller needs it`,
  });
  return { ...draft, outcomes };
}

/**
 * The fields at the top of the body that the outputs read (`$response.body#/document/country` reads `document`), each
 * place of an output read from the first of several.
 */
function readFields(draft: OutputsDraft): string[] {
  const fields = Object.values(draft.outputs).flatMap((o) =>
    (typeof o.from === "string" ? [o.from] : Array.isArray(o.from) ? o.from : []).flatMap((from) => {
      const m = /^\$response\.body#\/([^/]+)/.exec(from);
      return m?.[1] ? [m[1].replace(/~1/g, "/").replace(/~0/g, "~")] : [];
    }),
  );
  return [...new Set(fields)];
}

/** The shapes of a body: its type, or each form's of a union (a bare list and a page object: array and object). */
function formShapes(doc: OpenApiDocument, schema: unknown): (string | undefined)[] {
  const flat = safeFlatten(doc, schema as Parameters<typeof safeFlatten>[1]);
  const type = flat ? typeOf(flat) : undefined;
  const forms = flat && type === undefined ? unionOf(flat) : undefined;
  return forms ? forms.map((form) => formShapes(doc, form)[0]) : [type];
}
