// `upstream --accept` where the newer document drafts an operation's outcomes otherwise (a snapshot's 200 and 202
// answers told apart by their `status` enum, `ok` or `accepted`, in the older version; both a plain text in the newer,
// so that add tells them apart by the answer's status, an output `metadata.status2` read from `$statusCode`): the
// outcomes were carried as the newer draft has them, naming `metadata.status2`, which the carried outputs lacked, and
// generate refused each such operation (BW2022). The outputs the carried outcomes name come with them.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

const status = (values?: string[]) => ({ type: "string", ...(values ? { enum: values } : {}) });
const snapshots = (told: boolean) =>
  openapi({
    "/zqsnapshots": {
      post: {
        operationId: "zqSnapshot",
        responses: {
          "200": reply({
            type: "object",
            properties: {
              time: { type: "number" },
              status: status(told ? ["ok"] : undefined),
              result: { type: "object", properties: { name: { type: "string" } } },
            },
          }),
          "202": reply({
            type: "object",
            properties: { time: { type: "number" }, status: status(told ? ["accepted"] : undefined) },
          }),
        },
      },
    },
  });

describe("outcomes add drafts otherwise from the newer answers", () => {
  it("come with the outputs they name", () => {
    const draft = drafted(snapshots(true), ["zqSnapshot"]);
    const redrafted = drafted(snapshots(false), ["zqSnapshot"]).manifest.operations.acme_zq_snapshot!;
    const carried = carryDrafted(
      draft.manifestText,
      draft.openapiText,
      JSON.stringify(snapshots(false)),
      "openapi.yaml",
    );
    const op = parse(carried.text).operations.acme_zq_snapshot;
    expect(op.outcomes).toEqual(redrafted.outcomes);
    const named = Object.values(op.outcomes as Record<string, { outputs?: object }>).flatMap((o) =>
      Object.keys(o.outputs ?? {}),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(op.outputs[name], name).toEqual(redrafted.outputs?.[name]);
  });
});
