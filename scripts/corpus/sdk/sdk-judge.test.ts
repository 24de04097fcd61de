// The SDK comparison's own machinery (npm run corpus -- --sdk runs it over
// the vendors' real SDKs): a fixture provider, an SDK-like client of it that
// writes each request as the document says, and the same client with one
// mistake planted, which the comparison must report at its place; a quirk
// explains a difference; canonicalisation keeps what a server reads; nothing
// leaves the machine while the guard is on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { linkProvider } from "../../../src/emit/link-provider.js";
import type { Subject } from "../../../src/contract/types.js";
import type { SdkAdapter } from "./adapter.js";
import { canonical } from "./canonical.js";
import { sdkInstallNeeded } from "./install-sdks.js";
import { compareVendor } from "./compare-vendor.js";
import type { LogicalCall } from "./logical-call.js";
import { loopbackOnly } from "./loopback-only.js";
import { type Recorded, type Recorder, startRecorder } from "./recorder.js";
import { sdkResultsMarkdown, unexplained } from "./report.js";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const FIXTURE = fileURLToPath(new URL("__fixtures__/zqnotes", import.meta.url));

type Plant = "none" | "meta as JSON text" | "id unescaped";

/**
 * An SDK-like client of the fixture: a form field's deepObject written as brackets, the id escaped, the list repeated.
 */
class ZqNotesClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly plant: Plant,
  ) {}

  private url(notebookId: string, query?: URLSearchParams): string {
    const id = this.plant === "id unescaped" ? notebookId : encodeURIComponent(notebookId);
    return `${this.base}/notebooks/${id}/notes${query?.size ? `?${query}` : ""}`;
  }

  async listNotes(notebookId: string, options: { tag?: string[]; limit?: number }): Promise<void> {
    const query = new URLSearchParams();
    for (const tag of options.tag ?? []) query.append("tag", tag);
    if (options.limit !== undefined) query.set("limit", String(options.limit));
    await fetch(this.url(notebookId, query), { headers: { authorization: `Bearer ${this.token}` } });
  }

  async createNote(notebookId: string, fields: { title: string; meta?: Record<string, unknown> }): Promise<void> {
    const form = new URLSearchParams({ title: fields.title });
    if (this.plant === "meta as JSON text" && fields.meta) form.set("meta", JSON.stringify(fields.meta));
    else for (const [k, v] of Object.entries(fields.meta ?? {})) form.set(`meta[${k}]`, String(v));
    await fetch(this.url(notebookId), {
      method: "POST",
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  }
}

function adapter(plant: Plant, quirks: SdkAdapter["quirks"] = []): SdkAdapter<ZqNotesClient> {
  return {
    vendor: "zqnotes",
    sdk: "zqnotes-fixture-client",
    base: "https://api.zqnotes.test/v1",
    client: (base, call) => new ZqNotesClient(base, call.credential.secret ?? "", plant),
    operations: {
      listNotes: (c, call: LogicalCall) =>
        c.listNotes(call.path.notebookId as string, call.query as { tag?: string[]; limit?: number }),
      createNote: (c, call: LogicalCall) =>
        c.createNote(call.path.notebookId as string, call.body as { title: string; meta?: Record<string, unknown> }),
    },
    quirks,
  };
}

let subject: Subject;
let recorder: Recorder;

beforeAll(async () => {
  const { ir, document } = await linkProvider(ROOT, FIXTURE);
  subject = { provider: ir.provider, tools: ir.operations.map((o) => o.tool), document };
  recorder = await startRecorder();
});
afterAll(() => recorder.close());

const run = (a: SdkAdapter<ZqNotesClient>) =>
  compareVendor(a, subject, ["listNotes", "createNote"], recorder, "0.0.0", () => []);

describe("the SDK comparison", () => {
  it(
    "finds no difference when the client writes each request as the document says, " +
      "over every place of both calls (a quirk then explains nothing, and is named)",
    async () => {
      const result = await run(adapter("none", [{ kind: "sdk", at: "path", why: "the client writes ids unescaped" }]));
      expect(result.unusedQuirks).toEqual(["every operation: path"]);
      expect(result.operations.map((o) => [o.operation, o.input, o.differences, o.problem])).toEqual([
        ["createNote", "every field", [], undefined],
        ["createNote", "required only", [], undefined],
        ["listNotes", "every field", [], undefined],
        ["listNotes", "required only", [], undefined],
      ]);
      // With every field: method, path, the query keys or form fields (meta's too), the credential and media type; not
      // a vacuous match.
      expect(result.operations.filter((o) => o.input === "every field").every((o) => (o.compared ?? 0) >= 6)).toBe(
        true,
      );
    },
  );

  it(
    "reports a form field written as JSON text where the document says deepObject, at the field, " +
      "with both sides' bytes",
    async () => {
      const result = await run(adapter("meta as JSON text"));
      const create = result.operations.find((o) => o.operation === "createNote" && o.input === "every field");
      expect(create?.differences.map((d) => d.at)).toEqual(["form meta", "form meta[colour]", "form meta[pinned]"]);
      expect(create?.differences[0]).toEqual({ at: "form meta", sdk: expect.stringMatching(/^\{"colour":/) });
      expect(unexplained([result]).map((d) => `${d.operation} (${d.input}) ${d.at}`)).toEqual([
        "createNote (every field) form meta",
        "createNote (every field) form meta[colour]",
        "createNote (every field) form meta[pinned]",
      ]);
    },
  );

  it(
    "reports an id put into the path unescaped (its `/` makes another route), " +
      "and a quirk explains it with its kind",
    async () => {
      const plain = await run(adapter("id unescaped"));
      // The probe text (with a `/`) is the every-field input's; the required-only input's plain id reads the same
      // either way.
      expect(plain.operations.map((o) => o.differences.map((d) => d.at))).toEqual([["path"], [], ["path"], []]);
      expect(plain.operations[0]?.differences[0]?.blockwright).toContain("%2F");
      const explained = await run(
        adapter("id unescaped", [{ kind: "sdk", at: "path", why: "the client writes ids unescaped" }]),
      );
      expect(unexplained([explained])).toEqual([]);
      expect(explained.operations[0]?.differences[0]).toMatchObject({
        quirk: "the client writes ids unescaped",
        kind: "sdk",
      });
    },
  );
});

describe("the SDK results table", () => {
  it("names each compared operation whole in its vendor's row, however many there are", async () => {
    const result = await run(adapter("none"));
    const row = sdkResultsMarkdown([result], { commit: "0000000", machine: "a test" })
      .split("\n")
      .find((l) => l.startsWith("| [zqnotes]"));
    expect(row?.split(" | ")[2]).toBe("createNote, listNotes");
  });
});

describe("the SDKs' own install", () => {
  it(
    "is needed when the SDKs' package is not installed, or its lock is newer than the install, " +
      "and not when it is current",
    () => {
      const folder = mkdtempSync(join(tmpdir(), "blockwright-sdk-install-"));
      try {
        expect(sdkInstallNeeded(folder)).toBeUndefined(); // no lock: nothing to install
        writeFileSync(join(folder, "package-lock.json"), "{}");
        expect(sdkInstallNeeded(folder)).toBe("not installed");
        mkdirSync(join(folder, "node_modules"));
        writeFileSync(join(folder, "node_modules", ".package-lock.json"), "{}");
        utimesSync(join(folder, "package-lock.json"), new Date(), new Date(Date.now() + 60_000));
        expect(sdkInstallNeeded(folder)).toBe("its lock changed since the install");
        utimesSync(join(folder, "node_modules", ".package-lock.json"), new Date(), new Date(Date.now() + 120_000));
        expect(sdkInstallNeeded(folder)).toBeUndefined();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});

describe("canonical requests", () => {
  const recorded = (target: string, contentType: string | undefined, body: string): Recorded => ({
    method: "post",
    target,
    headers: contentType ? { "content-type": contentType } : {},
    body: Buffer.from(body),
  });

  it("decode path segments but keep a `/` inside one, and order query pairs by key keeping a key's own order", () => {
    const c = canonical(recorded("/a/b%2Fc/%7Ed%20e?z=2&a=1&z=1", undefined, ""));
    expect(c.path).toEqual(["a", "b%2Fc", "~d e"]);
    expect(c.query).toEqual([
      ["a", "1"],
      ["z", "2"],
      ["z", "1"],
    ]);
  });

  it("read a multipart body as its parts by name, whatever the boundary", () => {
    const body = [
      '--XyZ\r\nContent-Disposition: form-data; name="b"\r\n\r\ntwo\r\n',
      '--XyZ\r\nContent-Disposition: form-data; name="a"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\none\r\n',
      "--XyZ--\r\n",
    ].join("");
    expect(canonical(recorded("/", "multipart/form-data; boundary=XyZ", body)).body).toEqual({
      kind: "multipart",
      parts: [
        { name: "a", filename: "f.txt", contentType: "text/plain", value: "one" },
        { name: "b", value: "two" },
      ],
    });
  });
});

describe("the loopback guard", () => {
  it("refuses a connection off the machine before it is made, and lets the recorder through", async () => {
    const guard = loopbackOnly();
    try {
      const away = await fetch("http://203.0.113.9/", { signal: AbortSignal.timeout(60_000) }).then(
        () => "reached",
        (e: Error) => (e.cause as Error | undefined)?.message ?? e.message,
      );
      expect(away).toMatch(/sends nothing off this machine/);
      expect(guard.refused).toEqual(["203.0.113.9"]);
      expect((await fetch(recorder.origin)).status).toBe(200);
    } finally {
      guard.off();
      recorder.take();
    }
  });
});

describe("the recorder's port", () => {
  it("is SDK_JUDGE_PORT when set, and a value that is no port is refused naming it", async () => {
    const free = await startRecorder();
    const port = new URL(free.origin).port;
    await free.close();
    const before = process.env.SDK_JUDGE_PORT;
    try {
      process.env.SDK_JUDGE_PORT = port;
      const given = await startRecorder();
      expect(given.origin).toBe(`http://127.0.0.1:${port}`);
      await given.close();
      process.env.SDK_JUDGE_PORT = "54x";
      await expect(startRecorder()).rejects.toThrow('SDK_JUDGE_PORT must be a port number (0 to 65535), got "54x"');
    } finally {
      if (before === undefined) delete process.env.SDK_JUDGE_PORT;
      else process.env.SDK_JUDGE_PORT = before;
    }
  });
});
