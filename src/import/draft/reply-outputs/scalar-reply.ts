// The outputs of a success reply that is no object or list (outputs.ts reads those): one scalar, an output of its
// type, or a union of shapes, their common id.
import type { ManifestOutput } from "../../../load/precompiled/manifest-types.js";
import { unionOf, typeOf, type OpenApiDocument, type Schema } from "../../../load/openapi-document.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { replyText as replyTextOf } from "./reply-text.js";

/** The success answer whose body the outputs are read from. */
export type BodyResponse = NonNullable<ReturnType<OpenApiDocument["bodyResponse"]>>;

type Path = (string | number)[];

/** The outputs drafted, and the reply's schema where it has one (outputs.ts's OutputsDraft). */
interface ScalarDraft {
  outputs: Record<string, ManifestOutput>;
  body?: Schema;
}

/** A reply that is no object or list: one scalar, an output of its type, or a union of shapes (their common id). */
export function scalarReply(
  doc: OpenApiDocument,
  response: BodyResponse,
  body: Schema | undefined,
  where: Path,
  notes: ReviewNote[],
): ScalarDraft {
  const type = body ? typeOf(body) : undefined;
  const replyText = replyTextOf(response, body);
  const variants = body ? unionOf(body) : undefined;
  // A reply that is one scalar (a string of the file's text, a count) is an output of its type.
  const scalar =
    type === "string" || type === "boolean" ? type : type === "number" || type === "integer" ? "number" : undefined;
  const data: ManifestOutput = { type: scalar ?? "json", from: "$response.body", description: replyText };
  if (!body || !variants) return { outputs: { data }, ...(body ? { body } : {}) };
  // A record of one of several kinds (a customer, or a deleted one): the id they all carry, read through the union.
  const idInAll = variants.every((v) => typeOf(doc.schemaAt(v, ["id"])) === "string");
  const kinds = `${body.anyOf ? "anyOf" : "oneOf"}: ${variants.map((v, i) => doc.variantLabel(v, i)).join(", ")}`;
  notes.push({
    at: where,
    note:
      `the ${response.status} reply is one of several shapes (${kinds}): ` +
      `${idInAll ? "data and the id they all carry" : "only data"} drafted; an output only some carry is absent ` +
      "from the others",
  });
  return {
    outputs: {
      data,
      ...(idInAll
        ? {
            "metadata.id": {
              type: "string",
              from: "$response.body#/id",
              description: "The id of the reply's record.",
            },
          }
        : {}),
    },
    body,
  };
}
