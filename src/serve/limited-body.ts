// A delivery's body, read whole up to the trigger's maxBodyBytes: the webhook receiver's and the lifecycle receiver's
// one reading of it. Past the bound the sender gets 413 and the connection is closed; the rest is never read.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerError } from "./refusals.js";

/**
 * Reads `req`'s body, up to `max` bytes, into `done`. Over it, `refused` is told once (for the log) and 413 answered:
 * before any of it is read when its Content-Length says so (false is returned then: nothing is being read), else
 * as soon as the bytes read pass it (`done` is not called).
 */
export function readLimited(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
  refused: () => void,
  done: (body: Uint8Array) => void,
): boolean {
  let over = false;
  const tooLarge = () => {
    over = true;
    refused();
    // The answer is written first, then the connection is closed: the rest of the body is never read.
    res.once("finish", () => req.destroy());
    answerError(res, 413, "BODY_TOO_LARGE", `the body is over the trigger's maxBodyBytes, ${max} bytes`, "", {
      connection: "close",
    });
  };
  if (Number(req.headers["content-length"]) > max) {
    tooLarge();
    return false;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > max && !over) tooLarge();
    else if (!over) chunks.push(chunk);
  });
  req.on("error", () => undefined);
  req.on("end", () => {
    if (over) return;
    const body = Buffer.concat(chunks);
    done(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  });
  return true;
}
