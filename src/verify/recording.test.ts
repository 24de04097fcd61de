import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../emit/link-provider.js";
import type { LiveExchange } from "./live-fetch.js";
import { canonicalRequest, readRecordings, recordingOf, RecordingError, writeRecording } from "./recording.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const fixtures = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const tool = (id: string): ToolSpec => shelf.operations.find((op) => op.tool.id === id)!.tool;
const tmp = mkdtempSync(join(runScratch(), "blockwright-recording-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A key with characters that change form when URL-encoded, JSON-escaped or base64-encoded.
const KEY = 'sk/live+Key"é42';
const forms = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  JSON.stringify(secret).slice(1, -1),
  Buffer.from(`user:${secret}`).toString("base64"),
  secret.toUpperCase(),
];

function exchange(over: Partial<LiveExchange> = {}): LiveExchange {
  return {
    method: "GET",
    url: `https://api.shelf.test/v2/shelves/main/books?$top=5&echo=${encodeURIComponent(KEY)}`,
    requestHeaders: { "x-shelf-key": KEY, accept: "application/json", cookie: "session=abc123456789" },
    requestBody: "",
    status: 200,
    responseHeaders: {
      "content-type": "application/json",
      "set-cookie": "session=abc123456789",
      "x-echo": Buffer.from(`user:${KEY}`).toString("base64"),
    },
    responseBody: JSON.stringify({
      total: 1,
      value: [{ id: "b1", title: `echo ${KEY}`, note: `url ${encodeURIComponent(KEY)}` }],
    }),
    ...over,
  };
}

describe("a recording", () => {
  const input = { shelfId: "main", top: 5, apiKey: KEY };
  const recording = recordingOf(
    tool("shelf_list_books"),
    "minimal input",
    input,
    "https://api.shelf.test",
    [exchange()],
    new Date("2026-11-01T10:00:00Z"),
  );
  const text = JSON.stringify(recording);

  it("holds no secret in any form: raw, URL-encoded, JSON-escaped, base64, another case", () => {
    for (const form of forms(KEY)) expect(text, form).not.toContain(form);
    expect(text).toContain("[redacted]");
    expect(recording.input.apiKey).toBe("[redacted]");
    expect(recording.secretParams).toEqual(["apiKey"]);
  });

  it("keeps no cookie, and everything the contract is about", () => {
    expect(text).not.toContain("abc123456789");
    const [ex] = recording.exchanges;
    expect(ex?.status).toBe(200);
    expect(ex?.responseHeaders["content-type"]).toBe("application/json");
    expect(JSON.parse(ex!.responseBody).value[0].id).toBe("b1");
  });

  it("reads the same canonical request for a stand-in credential as for the real one", () => {
    const standIn = "bw-contract-credential-0001";
    const replayed = canonicalRequest(
      tool("shelf_list_books"),
      exchange({
        url: `https://127.0.0.1:1/v2/shelves/main/books?echo=${encodeURIComponent(standIn)}&$top=5`,
        requestHeaders: { "X-Shelf-Key": standIn },
      }),
      [standIn],
    );
    expect(replayed).toBe(recording.exchanges[0]?.canonical);
    expect(replayed).toContain("x-shelf-key: {{credential}}");
    // Another page size is another request.
    expect(
      canonicalRequest(
        tool("shelf_list_books"),
        exchange({ url: "https://api.shelf.test/v2/shelves/main/books?$top=6" }),
        [KEY],
      ),
    ).not.toBe(recording.exchanges[0]?.canonical);
  });

  it("reads JSON bodies whatever their key order", () => {
    const a = canonicalRequest(
      tool("shelf_add_book"),
      exchange({
        method: "POST",
        requestHeaders: { "content-type": "application/json" },
        requestBody: '{"b":1,"a":[2,3]}',
      }),
      [],
    );
    const b = canonicalRequest(
      tool("shelf_add_book"),
      exchange({
        method: "POST",
        requestHeaders: { "content-type": "application/json" },
        requestBody: '{"a":[2,3],"b":1}',
      }),
      [],
    );
    expect(a).toBe(b);
    expect(a).toContain('{"a":[2,3],"b":1}');
  });

  it("redacts the tokens a token endpoint issued, wherever they appear", () => {
    const token = "issued-access-token-0123456789";
    const recorded = recordingOf(
      tool("shelf_list_books"),
      "minimal input",
      { shelfId: "main" },
      "https://api.shelf.test",
      [
        exchange({
          method: "POST",
          url: "https://login.shelf.test/token",
          requestHeaders: { "content-type": "application/x-www-form-urlencoded" },
          requestBody: "grant_type=client_credentials&client_id=app",
          responseBody: JSON.stringify({ access_token: token, expires_in: 3600 }),
          token: true,
        }),
        exchange({
          requestHeaders: { authorization: `Bearer ${token}` },
          responseBody: JSON.stringify({ total: 0, echo: token }),
        }),
      ],
      new Date(),
    );
    expect(JSON.stringify(recorded)).not.toContain(token);
    expect(recorded.exchanges[1]?.requestHeaders.authorization).toBe("Bearer [redacted]");
  });

  it("is written where replay reads it, and read back", () => {
    const dir = join(tmp, "rec");
    const file = writeRecording(dir, recording);
    expect(file).toBe(join(dir, "shelf", "shelf_list_books", "minimal-input.json"));
    const [read] = readRecordings(dir, "shelf", tmp);
    expect(read?.recording).toEqual(recording);
    expect(read?.file).toBe(join("rec", "shelf", "shelf_list_books", "minimal-input.json"));
    expect(readRecordings(dir, "other", tmp)).toEqual([]);
  });

  it("that is damaged is refused, naming the file and the field", () => {
    const dir = join(tmp, "bad");
    mkdirSync(join(dir, "shelf", "shelf_list_books"), { recursive: true });
    const file = join(dir, "shelf", "shelf_list_books", "x.json");
    writeFileSync(file, JSON.stringify({ ...recording, recordedAt: "yesterday" }));
    expect(() => readRecordings(dir, "shelf", tmp)).toThrow(
      new RecordingError(
        `${join("bad", "shelf", "shelf_list_books", "x.json")}: field "recordedAt" must be a date and time ` +
          `(ISO 8601), got "yesterday"`,
      ),
    );
    writeFileSync(file, JSON.stringify({ ...recording, operation: "shelf_get_book" }));
    expect(() => readRecordings(dir, "shelf", tmp)).toThrow(
      /records shelf shelf_get_book, but lies in the folder of shelf shelf_list_books/,
    );
    writeFileSync(file, "{");
    expect(() => readRecordings(dir, "shelf", tmp)).toThrow(/x\.json: not JSON/);
    expect(readFileSync(file, "utf8")).toBe("{");
  });

  it("nested past the nesting limit, or not a file, is refused with the rule, naming the file", () => {
    const dir = join(tmp, "deep");
    mkdirSync(join(dir, "shelf", "shelf_list_books"), { recursive: true });
    const file = join(dir, "shelf", "shelf_list_books", "x.json");
    const shown = join("deep", "shelf", "shelf_list_books", "x.json");
    const deep = `${"[".repeat(20_000)}1${"]".repeat(20_000)}`;
    // Where a message would show the value (JSON.stringify ran out of stack: exit 70), and where a replay would send
    // it.
    for (const [field, at] of [
      ["provider", "provider/0/0/…/0/0"],
      ["input", "input/0/0/…/0/0"],
    ] as const) {
      writeFileSync(file, JSON.stringify({ ...recording, [field]: "DEEP" }).replace('"DEEP"', deep));
      expect(() => readRecordings(dir, "shelf", tmp)).toThrow(
        new RecordingError(
          `${shown}: ${at}: nested more than 100 levels deep (rule: depth; arrays and objects may nest at ` +
            `most 100 levels)`,
        ),
      );
    }
    // A value of a message cut short and escaped.
    writeFileSync(file, JSON.stringify({ ...recording, recordedAt: `\u001b[2J${"y".repeat(200)}` }));
    expect(() => readRecordings(dir, "shelf", tmp)).toThrow(
      new RecordingError(
        `${shown}: field "recordedAt" must be a date and time (ISO 8601), got "\\u001b[2J${"y".repeat(70)}…`,
      ),
    );
    // A folder named as a recording: refused, not read.
    rmSync(file);
    mkdirSync(file);
    expect(() => readRecordings(dir, "shelf", tmp)).toThrow(new RecordingError(`${shown}: is a folder, not a file`));
  });
});
