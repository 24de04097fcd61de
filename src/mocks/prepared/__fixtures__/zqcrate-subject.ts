// One list operation of a \`zq\` subject with an example answer: what the prepared copies' tests link and serve.
import { keyedDocument, keyedManifest } from "../../../../test-support/linked-tool.js";

export const openapi = keyedDocument("zqcrate", {
  "/zqcrates": {
    get: {
      operationId: "listZqcrates",
      responses: {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { type: "object" }, example: { crates: [] } } },
        },
      },
    },
  },
});
export const manifest = keyedManifest(
  "zqcrate",
  `  zqcrate_list:
    operationId: listZqcrates
    title: zqcrate_list
    description: The zqcrate_list operation.
    params: {}
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);
