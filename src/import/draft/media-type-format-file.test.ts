// A multipart field whose `format` is a media type of bytes (`format: audio/x-wav`): some publishers say a file
// field's type that way. Drafted as a text, the runtime sent the text it was given (a file's path) as the part, never
// the file; drafted as a file of that type, the bytes go, with a file name. A format with a slash that is no media
// type of bytes (`date/time`) stays a text.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, judgedCall, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const upload = openapi({
  "/zqgreetings": {
    post: {
      operationId: "addGreeting",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: {
                note: { type: "string" },
                sound: { type: "string", format: "audio/x-wav" },
                when: { type: "string", format: "date/time" },
              },
            },
          },
        },
      },
      responses: { "201": { description: "Created" } },
    },
  },
});

describe("a multipart field whose format is a media type of bytes", () => {
  it("is drafted a file of that type, links, and the runtime sends the file's bytes as a file part", async () => {
    const d = drafted(upload, ["addGreeting"]);
    const params = d.manifest.operations.acme_add_greeting!.params ?? {};
    expect(params.sound).toEqual({
      type: "file",
      description: "The sound file.",
      contentType: "audio/x-wav",
      wire: { in: "body" },
    });
    expect(params.when).toMatchObject({ type: "string", wire: { in: "body" } });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const sound = new Blob(["RIFF zq"], { type: "audio/x-wav" });
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001", sound, note: 'a "b" & c' });
    expect(judged.refusals).toEqual([]);
    const text = new TextDecoder().decode(sent.body);
    expect(text).toMatch(/name="sound"; filename="[^"]+"\r\nContent-Type: audio\/x-wav\r\n\r\nRIFF zq\r\n/);
    expect(text).toContain('name="note"\r\n\r\na "b" & c\r\n');
  });
});
