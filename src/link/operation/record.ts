// The record of the `operation` concept (link/concept-record.ts): the operation a tool calls, its title and
// description. link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided, PRESENTATION } from "../concept-record.js";
import { descriptionSurface, requestSurface, titleSurface } from "./operation.js";
import { successStatusesSurface } from "./responses.js";

export const operation = {
  wording:
    "**Operations** (`operations`, by tool id): the OpenAPI `operationId` a tool calls (or its method and " +
    'path, `"POST /v1/records"`, where the document gives it no id), with the `title` and `description` people ' +
    "and models read; the method, the path, the success statuses and the documented answers come from the " +
    "document.",
  schema: ["provider", "operation"],
  tool: [
    "id",
    "provider",
    "title",
    "description",
    "operationId",
    "method",
    "path",
    "successStatuses",
    "responses",
    "defaultResponse",
  ],
  surface: {
    title: titleSurface,
    description: descriptionSurface,
    request: requestSurface,
    successStatuses: successStatusesSurface,
  },
  link: null,
  contract: { kind: "example" },
  shelf: { field: "operation.operationId" },
  fields: {
    "manifest.provider": {
      none: "the package's identity: another provider id is another package (diff reports one removed, one new)",
    },
    ...decided({ none: PRESENTATION }, [
      "manifest.name",
      "manifest.description",
      "manifest.longDescription",
      "manifest.color",
      "manifest.category",
      "manifest.docsUrl",
    ]),
    "manifest.openapi": {
      none: "where the spec is read: the surface records what it yields, and the file's hash under inputs",
    },
    "manifest.operations": { fields: "operation" },
    "operation.operationId": { surface: "request" },
    "operation.title": { surface: "title" },
    "operation.description": { surface: "description" },
  },
} as const satisfies ConceptRecord;
