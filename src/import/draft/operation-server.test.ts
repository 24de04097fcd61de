// An operation (or its path item) that names a server of its own: the draft says where the spec sends it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const zqUploads = openapi({
  "/zq_sessions": {
    post: { operationId: "zqOpenSession", servers: [{ url: "https://upload.acme.test/api/9" }], responses: answer },
  },
  "/zq_sessions/{id}": {
    servers: [{ url: "https://upload.acme.test/api/9" }],
    parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
    get: { operationId: "zqGetSession", responses: answer },
  },
  "/zq_files": { get: { operationId: "zqListFiles", responses: answer } },
});

describe("an operation with a server of its own", () => {
  it("is noted with that server, on the operation and on its path item alike; others are not", () => {
    const d = drafted(zqUploads, ["zqOpenSession", "zqGetSession", "zqListFiles"]);
    for (const id of ["acme_zq_open_session", "acme_zq_get_session"])
      expect(notesAt(d, `operations.${id}`).join("\n")).toContain(
        "names a server of its own (https://upload.acme.test/api/9)",
      );
    expect(notesAt(d, "operations.acme_zq_list_files").join("\n")).not.toContain("server of its own");
  });
});
