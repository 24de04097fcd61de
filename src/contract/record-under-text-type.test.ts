// A success declared as a record under a text type (a video API's stream answer: `text/plain` with an object schema
// of `stream_url` and `playback_url`), whose drafted outputs read its fields: the runtime reads a body that parses as
// JSON as JSON whatever type it came as, and the mock serves the record's JSON. The suite's expected outputs read the
// body by its type first, the text, so every case of the tool failed (`expected {"data": "{…}"}, got {"data": {…}}`).
// They now read it as the runtime does, and every derived case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { deriveCases } from "./derive.js";

const text = { type: "string" };
const document = openapi({
  "/zqstreams/{zqVideoId}": {
    post: {
      operationId: "ZqStartStream",
      parameters: [{ name: "zqVideoId", in: "path", required: true, schema: text }],
      responses: {
        "200": {
          description: "A JSON object with the stream's addresses.",
          content: {
            "text/plain": {
              schema: {
                type: "object",
                required: ["zq_stream_url", "zq_playback_url"],
                properties: {
                  zq_stream_url: { ...text, example: "rtmp://zq.example.test/live/zq1" },
                  zq_playback_url: { ...text, example: "https://zq.example.test/zq1/playlist.m3u8" },
                },
              },
            },
          },
        },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqstreams", document, ["ZqStartStream"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a success declared as a record under a text type, its outputs reading its fields", () => {
  it("is read as the runtime reads it, the record, and every derived case passes on the mock", async () => {
    const ids = deriveCases((on as DraftedOnMock).subject).map((c) => c.id);
    expect(ids).toContain("zqstreams_zq_start_stream › example › answer 200");
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
