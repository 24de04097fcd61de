// An operationId two operations share: a gRPC gateway binds one method at a second path under the same id
// (`/api/v1/namespaces/{ns}/schedules/{id}` and `/namespaces/{ns}/schedules/{id}`, both "DeleteSchedule"); a GET
// and a HEAD of one handler share theirs. The id named alone was refused as unknown, offering itself as the
// closest; both operations taken cut a document generate refused (operation ids must be unique).
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";
import { selectOperations, UnknownOperations } from "./cut/select-operations.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const id = [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }];
const document = openapi({
  "/api/v1/zqschedules/{zqId}": { delete: { operationId: "DeleteZqSchedule", parameters: id, responses: ok } },
  "/zqschedules/{zqId}": { delete: { operationId: "DeleteZqSchedule", parameters: id, responses: ok } },
});

describe("an operationId several operations share", () => {
  it("named alone, is refused naming each operation as METHOD /path", () => {
    expect(() => selectOperations(document, ["DeleteZqSchedule"])).toThrow(
      new UnknownOperations(
        '"DeleteZqSchedule" is the operationId of 2 operations ("DELETE /api/v1/zqschedules/{zqId}", ' +
          '"DELETE /zqschedules/{zqId}"): name one as "METHOD /path"',
      ),
    );
  });

  it("taken by both, is left out of the second in the cut, which is named by method and path, and links", async () => {
    const d = drafted(document, ["DELETE /api/v1/zqschedules/{zqId}", "DELETE /zqschedules/{zqId}"]);
    expect(Object.values(d.manifest.operations).map((o) => o.operationId)).toEqual([
      "DeleteZqSchedule",
      "DELETE /zqschedules/{zqId}",
    ]);
    expect(d.openapiText.match(/operationId: DeleteZqSchedule/g)).toHaveLength(1);
    expect(d.openapiText).toContain(
      '# Changed by blockwright add: the operationId of DELETE /zqschedules/{zqId} ("DeleteZqSchedule") left out',
    );
    expect(notesAt(d, "operations.acme_delete_zqschedules_zq_id")).toEqual([
      expect.stringContaining(
        'DELETE /zqschedules/{zqId} shares its operationId "DeleteZqSchedule" with another chosen operation',
      ),
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("taken alone, keeps its id", async () => {
    const d = drafted(document, ["DELETE /zqschedules/{zqId}"]);
    expect(Object.values(d.manifest.operations).map((o) => o.operationId)).toEqual(["DeleteZqSchedule"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
