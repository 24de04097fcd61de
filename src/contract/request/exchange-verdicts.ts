// What a judge of a signed request (a SigV4 signature, a JWT per request) found of each exchange, kept until the
// credential check reads it: one record for both judges, so that an exchange no judge saw reads the same way.
import type { Exchange } from "../exchange.js";

/** Each exchange's problem (undefined when right), and what an exchange no judged call made reads as. */
export function exchangeVerdicts(what: string): {
  set(ex: Exchange, problem: string | undefined): void;
  verdict(ex: Exchange): { problem: string | undefined };
} {
  const verdicts = new WeakMap<Exchange, string | undefined>();
  return {
    set: (ex, problem) => void verdicts.set(ex, problem),
    verdict: (ex) =>
      verdicts.has(ex)
        ? { problem: verdicts.get(ex) }
        : { problem: `the ${what} was not judged (the exchange came from no judged call)` },
  };
}
