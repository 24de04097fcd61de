// The document `blockwright add` starts from: read from a file, or fetched from an address within a size cap and a
// time limit (with progress), then parsed, bundled when it refers to other files, and brought to OpenAPI 3.
import { dirname, extname, relative, resolve } from "node:path";
import { type CliIo, UsageError } from "./io.js";
import { parsePublished } from "../../upstream/published.js";
import { INPUT_LIMITS, readSourceText } from "../../load/yaml-source.js";
import { bundlePublished } from "../../load/openapi-source.js";
import { hasFileRef } from "../../load/structure/file-refs.js";
import { asOpenApi3 } from "../../import/document/convert.js";
import { addressProblem, fetchDocument, isAddress, recordableAddress } from "../../import/document/fetch-document.js";
import { size } from "./add-summary.js";
import { refsFolder } from "./args.js";

type Json = Record<string, unknown>;

/** Time between two progress lines of a download when stderr is not a terminal. */
const PLAIN_EVERY_MS = 3000;

export interface ReadDocument {
  /** The document's text: the root file as read, or the bundle of a multi-file document. */
  text: string;
  /** The file read, absolute (none for an address). */
  file?: string;
  /** The document as messages name it. */
  shown: string;
  /** Where it came from, as recorded (an address without secrets, or the file as given). */
  origin: string;
  json: boolean;
  /** The folder a multi-file document's `$ref`s may read files in, absolute (--refs-in; default the root's). */
  refsIn?: string;
}

export async function readDocument(
  request: { from: string; timeoutMs: number; refsIn?: string | undefined },
  io: CliIo,
  signal: AbortSignal,
): Promise<ReadDocument> {
  const from = request.from;
  if (!isAddress(from)) {
    if (/^[a-z][a-z0-9+.-]+:\/\//i.test(from))
      throw new UsageError("BW3003", `--from ${from}: add reads a file, or an https address (http only on loopback)`);
    const file = resolve(io.cwd, from);
    const refsIn = request.refsIn === undefined ? undefined : refsFolder(request.refsIn, file, io.cwd);
    const text = readSourceText(file, from, INPUT_LIMITS.document);
    io.stderr.write(`add: read ${from} (${size(Buffer.byteLength(text))})\n`);
    return { text, file, shown: from, origin: from, json: isJson(from, text), ...(refsIn ? { refsIn } : {}) };
  }
  if (request.refsIn !== undefined)
    throw new UsageError("BW3003", `--refs-in ${request.refsIn}: an address's $refs are not followed; give a file`);
  const problem = addressProblem(from);
  if (problem) throw new UsageError("BW3003", `--from ${recordableAddress(from)}: ${problem}`);
  const shown = recordableAddress(from);
  io.stderr.write(`add: fetching ${shown}…\n`);
  let last = performance.now();
  let drawn = false;
  const text = await fetchDocument(from, {
    signal,
    timeoutMs: request.timeoutMs,
    maxBytes: INPUT_LIMITS.document.bytes,
    onProgress: (received, total) => {
      const now = performance.now();
      if (now - last < (io.stderr.isTTY ? 100 : PLAIN_EVERY_MS)) return;
      last = now;
      const line = `add: ${size(received)}${total ? ` of ${size(total)}` : ""} received`;
      if (io.stderr.isTTY) {
        io.stderr.write(`\r\x1b[2K${line}`);
        drawn = true;
      } else io.stderr.write(`${line}\n`);
    },
  }).finally(() => drawn && io.stderr.write("\r\x1b[2K"));
  io.stderr.write(`add: fetched ${size(Buffer.byteLength(text))}\n`);
  return { text, shown, origin: shown, json: isJson(new URL(from).pathname, text) };
}

/** JSON by the name's extension; without one, by the first character. */
function isJson(name: string, text: string): boolean {
  const ext = extname(name).toLowerCase();
  if (ext === ".json") return true;
  if (ext === ".yaml" || ext === ".yml") return false;
  return /^\s*[{[]/.test(text);
}

/**
 * The document read as OpenAPI 3: a multi-file document bundled as generation bundles one (the bundle is then what is
 * cut and pinned: `read` takes its text), Swagger 2.0 converted. `stop` lets a signal given during a step be seen.
 */
export async function openApi3Of(read: ReadDocument, io: CliIo, stop: () => Promise<void>) {
  const say = (text: string) => io.stderr.write(`add: ${text}\n`);
  let data = parsePublished(read.text, read.shown, read.json);
  await stop();
  const openApiLike =
    data !== null &&
    typeof data === "object" &&
    (typeof (data as Json).openapi === "string" || (data as Json).swagger === "2.0");
  if (read.file !== undefined && openApiLike && hasFileRef(data, dirname(read.file))) {
    say(`bundling the files ${read.shown} refers to (@redocly/openapi-core)…`);
    const bundle = await bundlePublished(
      read.file,
      read.text,
      (file) => relative(io.cwd, file).split("\\").join("/"),
      [read.refsIn ?? dirname(read.file)],
      "--refs-in <folder>",
    );
    await stop();
    data = bundle.data;
    read.text = `${JSON.stringify(data, null, 2)}\n`;
    read.json = true;
    say(`bundled ${bundle.files} files into one document (${size(Buffer.byteLength(read.text))})`);
  }
  if (data !== null && typeof data === "object" && (data as Json).swagger === "2.0")
    say("converting Swagger 2.0 to OpenAPI 3.0…");
  const converted = asOpenApi3(data, read.shown);
  await stop();
  return converted;
}
