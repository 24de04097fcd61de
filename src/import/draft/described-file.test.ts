// A file an operation answers, told only by its answer's description: the success answer declares no content
// ("Returns the invoice pdf", "PDF File"), so the draft read it as a status and a call dropped the file's bytes, with
// no word of it in the review. The draft says so, naming the media type to declare for a download; an answer whose
// description names no file's format ("Returns a HTTP status", a 204) is left without the note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const key = { name: "key", in: "path", required: true, schema: { type: "string", maxLength: 40 } };
const answering = (operationId: string, status: string, description: string) => ({
  get: { operationId, parameters: [key], responses: { [status]: { description }, "404": { description: "None." } } },
});
const doc = openapi({
  "/zqinvoices/{key}/download": answering("downloadZqinvoice", "200", "Returns the zqinvoice pdf"),
  "/zqexports/{key}": answering("getZqexport", "200", "The export as CSV text"),
  "/zqinvoices/{key}/touch": answering("touchZqinvoice", "200", "Returns a HTTP status"),
  "/zqinvoices/{key}/ping": answering("pingZqinvoice", "204", "No Content"),
});

describe("a success answer without content whose description names a file's format", () => {
  const d = drafted(doc, ["downloadZqinvoice", "getZqexport", "touchZqinvoice", "pingZqinvoice"], "zqdesc");
  const notes = (op: string) => notesAt(d, `operations.zqdesc_${op}`).join("\n");

  it("is drafted as its status, with a note naming the media type to declare for a download", async () => {
    expect(notes("download_zqinvoice")).toContain(
      "downloadZqinvoice's 200 answer declares no content, but its description names a file (\"Returns the zqinvoice " +
        'pdf"): drafted as its status, the file is not read. If it answers the file, declare its content in ' +
        "openapi.yaml (application/pdf: {schema: {type: string, format: binary}}) and set download: true",
    );
    expect(notes("get_zqexport")).toContain("(text/csv: {schema: {type: string, format: binary}})");
    expect(d.manifest.operations.zqdesc_download_zqinvoice?.download).toBeUndefined();
    expect(await linkProblems(d, "zqdesc")).toEqual([]);
  });

  it("is not said of an answer whose description names no file's format", () => {
    expect(notes("touch_zqinvoice")).not.toContain("declares no content");
    expect(notes("ping_zqinvoice")).not.toContain("declares no content");
  });
});
