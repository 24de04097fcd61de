// A document whose list operation requires two query parameters, one with a default (`zzqOrder`) and one without
// (`zzqFolder`), beside an item operation: what a call must give (model/param-keys.ts callerMustGive) read by the
// block (src/workflow/block-required.test.ts) and by the typed client and README (src/emit/defaulted-params-optional).
import { openapi, reply } from "./draft-kit.js";

const answer = reply({ type: "object", properties: { count: { type: "integer" } } }, { count: 2 });

export const defaultedParamDocument = openapi({
  "/zzq-notes": {
    get: {
      operationId: "listZzqNotes",
      parameters: [
        {
          name: "zzqOrder",
          in: "query",
          required: true,
          schema: { type: "string", enum: ["asc", "desc"], default: "desc" },
        },
        { name: "zzqFolder", in: "query", required: true, schema: { type: "string", maxLength: 40 } },
      ],
      responses: { "200": answer },
    },
  },
  "/zzq-notes/{zzqNoteId}": {
    get: {
      operationId: "getZzqNote",
      parameters: [{ name: "zzqNoteId", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
      responses: { "200": answer },
    },
  },
});
