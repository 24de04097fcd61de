// onfido-node (@onfido/api) as the second judge of the corpus's Onfido
// operations. Its methods take the query's and the multipart body's fields
// as positional arguments, in camelCase, and a JSON body as one object.
import { Configuration, DefaultApi, FileTransfer } from "@onfido/api";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

const q = (c: LogicalCall, name: string) => c.query[name] as never;

async function upload(o: DefaultApi, c: LogicalCall) {
  const body = (c.body ?? {}) as Record<string, unknown>;
  const file = body.file as File;
  const transfer = new FileTransfer(Buffer.from(await file.arrayBuffer()), file.name);
  return o.uploadDocument(
    body.type as never,
    body.applicant_id as string,
    transfer,
    body.file_type as never,
    body.side as never,
    body.issuing_country as never,
    body.validate_image_quality as never,
    body.location as never,
  );
}

const adapter: SdkAdapter<DefaultApi> = {
  vendor: "onfido",
  sdk: "@onfido/api",
  base: "https://api.eu.onfido.com/v3.6",
  client: (base, call) => new DefaultApi(new Configuration({ apiToken: call.credential.secret ?? "", basePath: base })),
  operations: {
    list_applicants: (o, c) => o.listApplicants(q(c, "page"), q(c, "per_page"), q(c, "include_deleted")),
    create_applicant: (o, c) => o.createApplicant(c.body as never),
    find_applicant: (o, c) => o.findApplicant(c.path.applicant_id as string),
    list_workflow_runs: (o, c) =>
      o.listWorkflowRuns(
        q(c, "page"),
        q(c, "status"),
        q(c, "created_at_gt"),
        q(c, "created_at_lt"),
        q(c, "sort"),
        q(c, "applicant_id"),
        q(c, "tags"),
      ),
    upload_document: upload,
    download_document: (o, c) => o.downloadDocument(c.path.document_id as string),
  },
  quirks: [
    {
      kind: "document",
      at: "header authorization",
      why:
        "onfido-node writes its token after `Token token=`; the document declares an API key in Authorization " +
        "and shows no prefix, so add sends the key as it is and its review note says that the scheme's name " +
        "(`Token`) is a word some APIs send before a key: no draft can know the rest",
    },
    {
      kind: "sdk",
      operation: "list_workflow_runs",
      at: "query tags",
      why:
        "the document gives the array parameter tags no style, so by OpenAPI's default (form, exploded) each " +
        "item repeats the key, which Blockwright sends; onfido-node joins the items with commas (its generator's " +
        "collection format)",
    },
    {
      kind: "sdk",
      operation: "upload_document",
      at: "part location (content type)",
      why:
        "the document gives the multipart object field location no encoding, so by OpenAPI's default its part is " +
        "of type application/json, which Blockwright writes; onfido-node sends the same JSON text in a part with " +
        "no type (its generator's form data), which the service also reads",
    },
  ],
};

export default adapter;
