// A published document fetched from its address: https (http only on
// loopback, for tests and local mirrors), redirects followed only to
// addresses that pass the same rule, at most `maxBytes` read (a
// Content-Length past it is refused before reading; a body that runs past
// it is cut off), the whole within `timeoutMs`, and stopped at once when
// the user interrupts. Progress is reported as bytes arrive.

import { type Deadline, readBytes, send, startDeadline } from "@blockwright/runtime/internal";

export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchRefused";
  }
}

export class FetchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FetchFailed";
  }
}

export interface FetchOptions {
  /** Aborted when the user asks to stop. */
  signal: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
  /** Bytes received so far, and the total when the server says it. */
  onProgress?: (received: number, total: number | undefined) => void;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
const MAX_REDIRECTS = 5;
const MiB = 1024 * 1024;

/** Whether `text` is an address to fetch (http or https), as opposed to a file name. */
export function isAddress(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/** Why the address may not be fetched, if it may not. */
export function addressProblem(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "is not a valid address";
  }
  if (url.username || url.password) return "must not contain credentials (they would be recorded in source.yaml)";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK.test(url.hostname)) return undefined;
  return "must use https (http only for a loopback host)";
}

/**
 * The address as it may be recorded: query values whose names suggest a
 * secret (`token`, `key`, `signature`…) are replaced, so a signed or
 * private address does not land in source.yaml.
 */
export function recordableAddress(address: string): string {
  const url = new URL(address);
  for (const name of [...url.searchParams.keys()])
    if (/token|key|secret|sig|signature|password|auth|credential/i.test(name)) url.searchParams.set(name, "REDACTED");
  url.hash = "";
  return url.href;
}

/** The document's text at `address`. */
export async function fetchDocument(address: string, options: FetchOptions): Promise<string> {
  // The runtime's transport: the time given stops the body too, and an abort reaches the request
  // whatever the garbage collector did (transport.ts).
  const deadline = startDeadline(options.timeoutMs, options.signal, { abortable: true });
  const shown = recordableAddress(address);
  let url = address;
  try {
    for (let hop = 0; ; hop++) {
      const problem = addressProblem(url);
      if (problem)
        throw new FetchRefused(
          hop ? `${shown} redirects to ${recordableAddress(url)}, which ${problem}` : `${shown} ${problem}`,
        );
      const response = await deadline.race(
        send(
          (r) => fetch(r),
          { method: "GET", url, headers: { accept: "application/json, application/yaml, text/yaml, */*" } },
          deadline.signal,
        ),
      );
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new FetchFailed(`${shown}: more than ${MAX_REDIRECTS} redirects`);
        url = new URL(location, url).href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FetchFailed(
          `${shown} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
        );
      }
      return await readCapped(response, shown, options, deadline);
    }
  } catch (e) {
    if (e instanceof FetchRefused || e instanceof FetchFailed) throw e;
    if (options.signal.aborted) throw options.signal.reason;
    if (deadline.timedOut)
      throw new FetchFailed(
        `${shown}: no whole answer within ${options.timeoutMs / 1000} s (--timeout sets the limit)`,
      );
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new FetchFailed(`${shown}: cannot be fetched (${cause?.code ?? cause?.message ?? (e as Error).message})`);
  } finally {
    deadline.done();
  }
}

async function readCapped(
  response: Response,
  shown: string,
  options: FetchOptions,
  deadline: Deadline,
): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? NaN);
  const total = Number.isFinite(declared) ? declared : undefined;
  if (total !== undefined && total > options.maxBytes) {
    await response.body?.cancel();
    throw new FetchFailed(
      `${shown} is ${(total / MiB).toFixed(1)} MiB, over the ${options.maxBytes / MiB} MiB limit for a published ` +
        "document: refused before reading",
    );
  }
  const read = await deadline.race(
    readBytes(response, options.maxBytes, deadline, (received) => options.onProgress?.(received, total)),
  );
  if ("tooLarge" in read)
    throw new FetchFailed(
      `${shown} sent more than the ${options.maxBytes / MiB} MiB limit for a published document: stopped reading`,
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  } catch {
    throw new FetchFailed(`${shown} is not UTF-8 text`);
  }
}
