// A payment card's security code and full number are secrets (a payment document's `cvv2`, "CVV2 or CID value from the
// signature panel on the back of the cardholder's card", was drafted a plain body field): read by the one reading of
// names (namesSecret, and so a field inside a JSON value, secretField), never as the provider's credential. A card's
// id, token or last digits, a truncated number in an answer, and codes or numbers of other things stay plain.
import { describe, expect, it } from "vitest";
import { namesSecret, secretField } from "./secret-names.js";
import { namesCredential } from "../../import/auth/credential-params.js";

describe("a payment card's security code and number", () => {
  it("reads a security code and a card number as secrets, by name or by a card's words", () => {
    const named = ["cvv", "cvv2", "CVC", "cvc2", "csc", "card_cvv", "zqCardCvc", "card_number", "cardNumber"];
    for (const name of [...named, "card_no", "card_security_code", "zq_card_verification_value"])
      expect(namesSecret(name), name).toBe(true);
    expect(namesSecret("pan", "The card's primary account number (PAN).")).toBe(true);
    expect(namesSecret("security_code", "The 3 or 4 digit security code on the back of the card.")).toBe(true);
    expect(namesSecret("zq_number", "Cardholder's card number.")).toBe(true);
    expect(secretField("cvv2", { type: "string" })).toBe(true);
    expect(secretField("card_number", { type: "string" })).toBe(true);
  });

  it("leaves a card's id, token, last digits, a truncated number and other codes plain", () => {
    for (const name of ["card_id", "card_token", "card_last4", "card_type", "cvv_result", "auth_cvv2_result"])
      expect(namesSecret(name), name).toBe(false);
    expect(namesSecret("card_number", "Cardholder's card number (truncated).")).toBe(false);
    expect(namesSecret("pan", "Pan the camera left or right.")).toBe(false);
    expect(namesSecret("postal_code", "The billing address's postal code.")).toBe(false);
    expect(namesSecret("zq_number", "The order number on the card's receipt.")).toBe(false);
  });

  it("is no credential of the provider's", () => {
    for (const name of ["cvv2", "card_number", "pan"]) expect(namesCredential(name), name).toBe(false);
  });
});
