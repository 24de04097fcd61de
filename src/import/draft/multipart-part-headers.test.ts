// A multipart part whose encoding requires a header of its own (`encoding: {file: {headers: {X-Zq-Checksum: {required:
// true}}}}`) was only noted by `add`: no manifest field wrote a part's header, so no call sent it and the request judge
// refused the request (encoding.headers). `partHeaders` now carries it: `add` drafts a parameter for each required
// header, the link places it in the part (`in: part`), the runtime writes it in the part's head and the judge takes
// the request; a header the document leaves optional, and Content-Type (the part's type), are not drafted.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = (headers: Record<string, unknown>) =>
  openapi({
    "/zquploads": {
      post: {
        operationId: "zqUpload",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary" }, label: { type: "string", maxLength: 80 } },
              },
              encoding: { file: { contentType: "application/pdf", headers } },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
      },
    },
  });

const REQUIRED = {
  "X-Zq-Checksum": { required: true, description: "The file's digest.", schema: { type: "string" } },
  "X-Zq-Origin": { schema: { type: "string" } },
};
const PDF = new Blob([new TextEncoder().encode("%PDF-1.7 zq")], { type: "application/pdf" });

describe("a multipart part requiring a header of its own", () => {
  it("is drafted as partHeaders, a parameter for each required header, with a note on the part", () => {
    const d = drafted(upload(REQUIRED), ["zqUpload"]);
    const operation = d.manifest.operations.acme_zq_upload;
    expect(operation?.partHeaders).toEqual({ file: { "X-Zq-Checksum": { param: "xZqChecksum" } } });
    expect(operation?.params?.xZqChecksum).toMatchObject({ type: "string", required: true });
    expect(operation?.params?.xZqChecksum?.wire).toBeUndefined();
    const notes = d.notes.filter((n) => n.note.includes("encoding.headers"));
    expect(notes.map((n) => n.at.join("."))).toEqual(["operations.acme_zq_upload.partHeaders.file"]);
    expect(notes[0]?.note).not.toMatch(/X-Zq-Origin/);
  });

  it("is sent in the part's head, and the request judge takes the request", async () => {
    const d = drafted(upload(REQUIRED), ["zqUpload"]);
    const [tool] = await linkedTools(d);
    expect(tool?.params.find((p) => p.name === "xZqChecksum")?.wire).toEqual({
      in: "part",
      field: "file",
      name: "X-Zq-Checksum",
    });
    const input = { accessToken: "zq-token-0000000001", file: PDF, xZqChecksum: "zq-digest-01" };
    const { sent, judged } = await judgedCall(d, tool!, input);
    const text = new TextDecoder().decode(sent.body as Uint8Array);
    expect(text).toMatch(
      /name="file"; filename="[^"]*"\r\nContent-Type: application\/pdf\r\nX-Zq-Checksum: zq-digest-01\r\n\r\n%PDF/,
    );
    // Sent nowhere else: not a request header, nor a part of its own.
    expect(sent.headers.get("x-zq-checksum")).toBeNull();
    expect(text).not.toMatch(/name="xZqChecksum"/);
    expect(judged.refusals).toEqual([]);
  });

  it("refuses a value that would break the part's head, naming the parameter, before any request", async () => {
    const [tool] = await linkedTools(drafted(upload(REQUIRED), ["zqUpload"]));
    await expect(
      judgedCall(drafted(upload(REQUIRED), ["zqUpload"]), tool!, {
        accessToken: "zq-token-0000000001",
        file: PDF,
        xZqChecksum: "zq\r\nX-Zq-Injected: 1",
      }),
    ).rejects.toThrow(/xZqChecksum.*line breaks/);
  });

  it("drafts nothing for an optional part header or a required Content-Type", () => {
    const d = drafted(
      upload({
        "X-Zq-Origin": { schema: { type: "string" } },
        "Content-Type": { required: true, schema: { type: "string" } },
      }),
      ["zqUpload"],
    );
    expect(d.manifest.operations.acme_zq_upload?.partHeaders).toBeUndefined();
    expect(d.notes.filter((n) => n.note.includes("encoding.headers"))).toEqual([]);
  });
});
