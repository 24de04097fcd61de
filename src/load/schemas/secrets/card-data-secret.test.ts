// A payment card's full number is a secret (a payment document's `card_number` was drafted a plain body field): read by
// the one reading of names (namesSecret, and so a field inside a JSON value, secretField), never as the provider's
// credential. A card's id, token or last digits, a truncated number in an answer, and codes or numbers of other things
// stay plain; so does its 3-digit security code, which a secret parameter would refuse (under the shortest secret the
// runtime withholds).
import { describe, expect, it } from "vitest";
import { namesSecret, secretField } from "./secret-names.js";
import { namesCredential } from "../../../import/auth/credential-params.js";
import { SHORT_SECRET_MIN_LENGTH } from "../../../../runtime/common/redact.js";

describe("a payment card's number", () => {
  it("reads a card number as a secret, by name or by a card's words", () => {
    for (const name of ["card_number", "cardNumber", "card_no", "zqCardNum"])
      expect(namesSecret(name), name).toBe(true);
    expect(namesSecret("pan", "The card's primary account number (PAN).")).toBe(true);
    expect(namesSecret("zq_number", "Cardholder's card number.")).toBe(true);
    expect(secretField("card_number", { type: "string" })).toBe(true);
  });

  it("reads a request's card number as the whole card though its words say what an answer returns of it", () => {
    // A payment document's request field: only the answer masks it.
    const words =
      "The card number (4-19 characters). Do not use any separators.\nWhen this value is returned in a response, " +
      "only the last 4 digits of the card number are returned.";
    expect(namesSecret("number", words)).toBe(true);
    expect(secretField("number", { type: "string", description: words })).toBe(true);
  });

  it("reads a number that may be the whole card or a part of it as the whole card's: secret", () => {
    // A lookup's field that takes either ("Card number or BIN."): the caller may send the whole number.
    expect(namesSecret("cardNumber", "Card number or BIN.")).toBe(true);
    expect(namesSecret("zq_card_no", "The BIN, or the full card number.")).toBe(true);
    expect(namesSecret("zq_card_no", "The first 6 digits (BIN) or the whole primary account number")).toBe(true);
    // Only a part, however it is worded, stays plain.
    expect(namesSecret("cardNumber", "The card number's BIN (first 6 digits).")).toBe(false);
    expect(namesSecret("cardNumber", "Masked card number or last 4 digits.")).toBe(false);
  });

  it("leaves the card's security code plain: a secret parameter refuses a value under SHORT_SECRET_MIN_LENGTH", () => {
    expect(SHORT_SECRET_MIN_LENGTH).toBeGreaterThan(3);
    for (const name of ["cvv", "cvv2", "CVC", "csc", "card_security_code"]) expect(namesSecret(name), name).toBe(false);
    expect(namesSecret("security_code", "The 3 or 4 digit security code on the back of the card.")).toBe(false);
  });

  it("leaves a card's id, token, last digits, a truncated number and other codes plain", () => {
    for (const name of ["card_id", "card_token", "card_last4", "card_type", "cvv_result", "auth_cvv2_result"])
      expect(namesSecret(name), name).toBe(false);
    expect(namesSecret("card_number", "Cardholder's card number (truncated).")).toBe(false);
    expect(namesSecret("zq_number", "The card number, returned masked: only its last 4 digits.")).toBe(false);
    expect(namesSecret("pan", "Pan the camera left or right.")).toBe(false);
    expect(namesSecret("postal_code", "The billing address's postal code.")).toBe(false);
    expect(namesSecret("zq_number", "The order number on the card's receipt.")).toBe(false);
  });

  it("is no credential of the provider's", () => {
    for (const name of ["card_number", "pan"]) expect(namesCredential(name), name).toBe(false);
  });
});
