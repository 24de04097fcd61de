// A provider package's `verifyEvent(triggerId, delivery, options)`: the
// trigger looked up by id, then checked as it declares (verify-event.ts).
import type { TriggerSpec } from "../spec/trigger-types.js";
import {
  type Delivery,
  type TriggerErrorCode,
  type VerifyOptions,
  type VerifyResult,
  verifyEvent,
} from "./verify-event.js";

export type TriggerVerifier<T extends Record<string, TriggerSpec>> = (
  triggerId: keyof T & string,
  delivery: Delivery,
  options: VerifyOptions,
) => Promise<VerifyResult>;

export function createTriggerVerifier<T extends Record<string, TriggerSpec>>(triggers: T): TriggerVerifier<T> {
  return async (triggerId, delivery, options) => {
    const spec = Object.hasOwn(triggers, triggerId) ? triggers[triggerId] : undefined;
    if (!spec)
      return {
        ok: false,
        error: {
          code: "UNKNOWN_EVENT" satisfies TriggerErrorCode,
          message: `no trigger "${String(triggerId)}" (triggers: ${Object.keys(triggers).join(", ")})`,
          trigger: String(triggerId),
        },
      };
    return verifyEvent(spec, delivery, options);
  };
}
