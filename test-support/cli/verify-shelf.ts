// The shelf service that `blockwright verify` tests call: a loopback server playing the fixture provider (shelf),
// faithful or deviating from its spec as the test's mode says, the forms its key may be echoed in, and a project of
// the provider to verify from (src/cli/verify.test.ts, src/cli/verify-replay.test.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { cli, runtimeProject } from "../cli-harness.js";
import { ROOT } from "../repo.js";
import { server } from "../runtime/loopback-server.js";
import { runScratch } from "../run/run-scratch.js";

const FIXTURE = join(ROOT, "test-support/fixtures/specs/shelf");
// ASCII: a key a header carries as its own text takes no other character (runtime/http/credentials.ts).
export const KEY = "shelf-key/+~=0123456789";
export const env = { SHELF_KEY: KEY };
/** JSON's other way of writing a string: `/` as `\/`, every character past ASCII as `\uXXXX`. */
export const jsonEscaped = (text: string) =>
  text.replaceAll("/", "\\/").replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
export const keyForms = [KEY, encodeURIComponent(KEY), JSON.stringify(KEY).slice(1, -1), jsonEscaped(KEY)];
/**
 * The other forms an echo takes: one letter as `\u0073` amid plain text, every byte as `%XX` (either case of hex),
 * base64 (standard, URL-safe), upper case.
 */
const oneLetter = (text: string) =>
  text.replace(/[a-z]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replaceAll("/", "\\/");
const percentAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
const otherForms = (text: string) => [
  oneLetter(text),
  percentAll(text),
  percentAll(text).toLowerCase(),
  Buffer.from(text).toString("base64"),
  Buffer.from(text).toString("base64url"),
  text.toUpperCase(),
];
export const allForms = [...keyForms, ...otherForms(KEY)];

/** A project of the fixture provider in `tmp`, its runtime resolvable (as after `npm install`), generated. */
export async function shelfProject(tmp: string, name: string): Promise<string> {
  const dir = runtimeProject(join(tmp, name));
  cpSync(FIXTURE, join(dir, "specs/shelf"), { recursive: true });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
  return dir;
}

/** The line of the first line of `file` holding `text`, after the line holding `after` when given. */
export function lineOf(file: string, text: string, after?: string): number {
  const lines = readFileSync(file, "utf8").split("\n");
  const start = after === undefined ? 0 : lines.findIndex((l) => l.includes(after));
  const i = lines.findIndex((l, n) => n >= start && l.includes(text));
  if (i < 0) throw new Error(`${file} has no ${text}`);
  return i + 1;
}

/** How the service deviates from its spec, each set by the case that needs it. */
export type ShelfMode = {
  total?: unknown;
  dropId?: boolean;
  bookStatus?: number;
  echo?: boolean;
  echoInState?: boolean;
  throttle?: boolean;
  authenticate?: boolean;
  hostileField?: boolean;
};
const book = { id: "b7", title: "Dune Messiah", state: "ready", rank: 3 };

/**
 * The shelf service for a test file's cases, started before them and stopped after, with a folder for their projects:
 * the cases run one after another, each setting `mode` before it calls.
 */
export function shelfFixture(prefix: string) {
  const tmp = mkdtempSync(join(runScratch(), prefix));
  let upstream: Awaited<ReturnType<typeof server>> | undefined;
  const fixture = {
    tmp,
    mode: {} as ShelfMode,
    get upstream() {
      if (!upstream) throw new Error("the shelf service starts in beforeAll");
      return upstream;
    },
    project: (name: string) => shelfProject(tmp, name),
    verify: (dir: string, ...more: string[]) =>
      cli(
        [
          "verify",
          "shelf",
          "--base-url",
          fixture.upstream.url,
          "--param",
          "apiKey={{SHELF_KEY}}",
          "--interval",
          "0",
        ].concat(more),
        { cwd: dir, env },
      ),
  };
  beforeAll(async () => {
    upstream = await shelfService(() => fixture.mode);
  });
  afterAll(async () => {
    await upstream?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  return fixture;
}

/** The shelf service, answering as `mode()` says at each request. */
function shelfService(mode: () => ShelfMode): ReturnType<typeof server> {
  return server((r) => {
    const m = mode();
    const echo = m.echo
      ? { note: `you sent ${r.headers["x-shelf-key"]}`, url: encodeURIComponent(String(r.headers["x-shelf-key"])) }
      : {};
    if (m.authenticate && r.headers["x-shelf-key"] !== KEY)
      return { status: 401, body: JSON.stringify({ error: { code: "Unauthorized", message: "no key" } }) };
    if (m.throttle)
      return {
        status: 429,
        headers: { "retry-after": "30" },
        body: JSON.stringify({ error: { code: "TooMany", message: "slow down" } }),
      };
    if (r.method === "GET" && /^\/v2\/shelves\/[^/]+\/books/.test(r.url)) {
      const body = JSON.stringify({ total: m.total ?? 1, value: [book], ...echo });
      // The key also as JSON may escape it (`\/`, `\u00e9`), which JSON.stringify does not write.
      const key = String(r.headers["x-shelf-key"]);
      const forms = otherForms(key).map((f, i) => `,"form${i}":${i ? JSON.stringify(f) : `"${f}"`}`);
      return {
        status: 200,
        body: m.echo ? body.replace(/}$/, `,"escaped":"${jsonEscaped(key)}"${forms.join("")}}`) : body,
      };
    }
    if (r.method === "GET" && r.url.startsWith("/v2/books")) {
      if (m.bookStatus)
        return {
          status: m.bookStatus,
          body: JSON.stringify({ error: { code: "Unavailable", message: "try later" } }),
        };
      const { id: _id, ...rest } = book;
      const state = m.echoInState ? { state: `bad ${r.headers["x-shelf-key"]}` } : {};
      // A field named to end the report's line and start a workflow command of the CI log; and one named by the key.
      const hostile = m.hostileField
        ? { "\n::error::x": 1, "\r\n  ::add-mask::y\u001b[2J": 2, [`${r.headers["x-shelf-key"]}`]: 3 }
        : {};
      return {
        status: 200,
        body: JSON.stringify({
          ...(m.dropId ? rest : book),
          ...(m.echo ? { title: `Dune ${r.headers["x-shelf-key"]}` } : {}),
          ...state,
          ...hostile,
        }),
      };
    }
    return { status: 201, body: JSON.stringify(book) };
  });
}
