// `property`: the property-based layer (fast-check), for every operation.
// Random valid inputs (inputs/random-inputs.ts) must reach the mock with no
// violation, every value on the wire where its placement says, and give
// outputs that conform; random invalid inputs (one rule broken at a time)
// must be refused before any request, naming the parameter and the rule.
// Seeded: the same seed draws the same inputs, and a failure prints the
// seed, the shrunk input and a `blockwright call` line that reproduces it.
import fc from "fast-check";
import { itemAt, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { mockWords } from "@blockwright/runtime/workflow";
import { callTool, expectRefused, expectSuccess, onlyExchange, secretsIn } from "../call.js";
import { expectOutputs } from "../outputs.js";
import { inHeadParts } from "../inputs/head-bytes.js";
import { invalidInput } from "../inputs/invalid-inputs.js";
import { type InvalidDraw, validInput } from "../inputs/random-inputs.js";
import { callCommand, secretReference } from "../repro.js";
import { checkRequest } from "../request/request.js";
import { expectSent } from "../request/sent-value.js";
import { type CaseContext, type CaseKindModule, ContractFailure, contractCase } from "../types.js";
import { type Input, type ToolValues, valuesOf } from "../inputs/values.js";

/** A draw of the valid property: an input and the answer asked of the mock. */
interface ValidDraw {
  input: Input;
  prefer: string;
}

export const propertyKind: CaseKindModule = {
  doc: {
    when: "always",
    cases: "random valid and random invalid inputs ([fast-check](https://fast-check.dev), seeded)",
  },
  applies: () => true,
  derive(tool, { document: doc }) {
    const values = valuesOf(tool, doc);
    return [
      contractCase(
        tool,
        "property",
        "random valid inputs: accepted by the mock, sent intact, outputs conform",
        async (ctx) => {
          const address = ctx.mockUrl(tool.provider);
          const arb = fc.record({
            // More than a request head holds (hundreds of optional query values, numbers in plain decimal): the
            // values a head holds, the rest left out, as the request case sends its first part.
            input: validInput(tool, values, address).map((input) => inHeadParts(tool, input)[0] as Input),
            prefer: fc.constantFrom(...answers(tool, values)),
          });
          await checkProperty(tool, "valid", ctx, arb, async ({ input, prefer }: ValidDraw) => {
            const called = await callTool(tool, input, ctx, { prefer, retries: 0 });
            const output = expectSuccess(called);
            const ex = onlyExchange(called);
            checkRequest(ex, tool, doc, called.input);
            const normalised = validateParams(tool, called.input);
            if (!normalised.ok)
              throw new ContractFailure(`the drawn input is not valid: ${itemAt(normalised.issues, 0).message}`);
            for (const p of tool.params) {
              // Its own value only: a parameter named as an object's member (`constructor`) left unset has none.
              const value = Object.hasOwn(normalised.values, p.name) ? normalised.values[p.name] : undefined;
              if (
                value === undefined ||
                normalised.unsent.has(p.name) ||
                !["path", "query", "header", "body"].includes(p.wire.in)
              )
                continue;
              expectSent(ex, tool, doc, p, value);
            }
            expectOutputs(tool, output, ex, called.input);
          });
        },
      ),
      contractCase(tool, "property", "random invalid inputs: refused before any request", async (ctx) => {
        const address = ctx.mockUrl(tool.provider);
        const arb = invalidInput(tool, values, address);
        await checkProperty(tool, "invalid", ctx, arb, async (draw: InvalidDraw) => {
          const called = await callTool(tool, draw.input, ctx, { retries: 0 });
          expectRefused(called, {
            param: draw.param,
            rule: draw.rule,
            value: draw.value,
            secret: tool.params.find((p) => p.name === draw.param)?.secret,
            secrets: secretsIn(tool, called.input),
          });
        });
      }),
    ];
  },
};

/**
 * The most time one property takes, its shrinking included: past it the runs
 * so far stand (a failure found is reported as shrunk by then).
 */
export const PROPERTY_TIME_LIMIT_MS = 30_000;

/** Run a property with the case's seed; a failure becomes a ContractFailure with everything needed to reproduce it. */
async function checkProperty<T extends { input: Input; prefer?: string; broken?: string }>(
  tool: ToolSpec,
  label: string,
  ctx: CaseContext,
  arb: fc.Arbitrary<T>,
  body: (draw: T) => Promise<void>,
): Promise<void> {
  const seed = caseSeed(ctx.seed, `${tool.id} ${label}`);
  const limit = ctx.propertyTimeLimitMs ?? PROPERTY_TIME_LIMIT_MS;
  const started = performance.now();
  // When the first run started (its input drawn): what a limit reached before any run ended was still doing.
  let firstRun: number | undefined;
  const details = await fc.check(
    fc.asyncProperty(arb, async (draw) => {
      firstRun ??= performance.now();
      await body(draw);
    }),
    // Bounded: a slow mock or a long shrink (each step is a call) ends the property, not the suite.
    {
      seed,
      numRuns: ctx.runs,
      ...(limit > 0 ? { interruptAfterTimeLimit: limit } : {}),
      markInterruptAsFailure: false,
    },
  );
  if (!details.failed) return;
  // fast-check says a property failed when its limit ends it before any run has passed: nothing was checked.
  if (details.interrupted && details.counterexample === null && details.numRuns === 0)
    throw new PropertyUnfinished(
      unfinished(
        tool,
        ctx,
        limit,
        performance.now() - started,
        firstRun === undefined ? undefined : firstRun - started,
      ),
    );
  const draw = details.counterexample?.[0] as T | undefined;
  // Once more with the shrunk input, so that the case's last call (which the reports show) is its own.
  if (draw) await body(draw).catch(() => undefined);
  const reason =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? "failed");
  const runs = `${details.numRuns} run${details.numRuns === 1 ? "" : "s"}`;
  const stopped = details.interrupted ? ` (shrinking stopped at the ${limit / 1000} s limit)` : "";
  const seeds = `seed ${ctx.seed}; this case's seed ${seed}, path "${details.counterexamplePath ?? ""}"`;
  const shrunk = `${details.numShrinks} time${details.numShrinks === 1 ? "" : "s"}`;
  const lines = [
    `property failed after ${runs}${stopped} (${seeds}), shrunk ${shrunk}:`,
    `  ${reason.split("\n").join("\n  ")}`,
  ];
  if (draw) {
    lines.push(`  input: ${JSON.stringify(secretReference(tool, draw.input))}`);
    if (draw.broken) lines.push(`  broken: ${draw.broken}`);
    if (draw.prefer) lines.push(`  mock answer: ${draw.prefer}`);
  }
  lines.push(`  rerun: blockwright test ${tool.provider} --seed ${ctx.seed} --runs ${ctx.runs}`);
  // The reports print the reproduce line (reproduceLine). Secret values in it are drawn by the
  // suite (never a user's), so it may set them: a broken one is what the case is about.
  const reproduce = draw
    ? callCommand(
        tool,
        draw.input,
        tool.params.filter((p) => p.secret).map((p) => p.name),
      )
    : undefined;
  throw new ContractFailure(lines.join("\n"), undefined, reproduce);
}

/**
 * A property its time limit ended before any run finished: not a contract that failed (nothing was checked either
 * way), so a case that could not run (CaseResult `error`), whose words name the limit and what the first run was doing.
 */
export class PropertyUnfinished extends Error {
  override name = "PropertyUnfinished";
}

/** What a property its limit ended before any run finished says: the limit, the first run's state, the rerun. */
function unfinished(tool: ToolSpec, ctx: CaseContext, limit: number, elapsed: number, drawn?: number): string {
  const s = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
  const state =
    drawn === undefined
      ? `its first input was still being drawn after ${s(elapsed)}`
      : `the first run was still under way after ${s(elapsed - drawn)} (its input drawn in ${s(drawn)}): ` +
        "waiting on its call or checking the answer";
  const longer = Math.max(60, Math.ceil((limit * 4) / 1000));
  return [
    `no run finished within the property time limit of ${limit / 1000} s (--property-time-limit): ${state}.`,
    "  Nothing was checked, so no contract failed: the mock or the machine was too slow for the limit. Give it",
    `  longer (--property-time-limit ${longer}; 0: no limit).`,
    `  rerun: blockwright test ${tool.provider} --seed ${ctx.seed} --runs ${ctx.runs} --property-time-limit ${longer}`,
  ].join("\n");
}

/** Each property case draws from its own seed, so that sharding and order change nothing. */
export function caseSeed(seed: number, id: string): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Every answer the mock can be asked for on success: each named example of each success or outcome status. */
function answers(tool: ToolSpec, values: ToolValues): string[] {
  const statuses = new Set([...tool.successStatuses, ...tool.outcomes.map((o) => o.status)]);
  const out: string[] = [];
  for (const r of values.op.responses) {
    const status = Number(r.status);
    if (!statuses.has(status)) continue;
    if (r.exampleNames.length) out.push(...r.exampleNames.map((n) => mockWords(status, n)));
    else out.push(`code=${status}`);
  }
  return out.length ? out : [`code=${tool.successStatuses[0]}`];
}
