// Reading a reply's body: once, chunk by chunk, under the call's deadline.
// `response.text()` could not be stopped: without a request signal (see
// deadline.ts) an endless body went on downloading after the call had
// answered with its time-out.
import { DeadlineExpired, type Deadline } from "./deadline.js";

/** The body as text (UTF-8, as `Response.text()` decodes it). Throws DeadlineExpired when the time runs out first. */
export async function readBody(response: Response, deadline: Deadline): Promise<string> {
  const stream = response.body;
  if (!stream) return "";
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  // A reply that arrives after the deadline is not read at all.
  if (deadline.timedOut || deadline.cancelled) {
    stop();
    throw new DeadlineExpired(0);
  }
  deadline.stopOnExpiry(stop);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
    }
  } finally {
    deadline.stopOnExpiry(undefined);
  }
  // Cancelled by the deadline: what was read is not the whole body.
  if (deadline.timedOut || deadline.cancelled) throw new DeadlineExpired(0);
  return decode(chunks, bytes);
}

const decoder = new TextDecoder();

/** One decoding of the whole body (a chunk boundary may split a character). */
function decode(chunks: Uint8Array[], bytes: number): string {
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return decoder.decode(whole);
}
