// One-time codes that prove who a person is, drafted plain (a scan of the public directory's request fields): an
// authenticator app's TOTP code (`UserCode`, "The TOTP code."), a code sent to confirm a sign-up or to reset a
// forgotten password (`ConfirmationCode`, undescribed), a second factor's (`otp`, `tfa_code`). While valid, whoever
// holds one signs in or sets the account's password. Each is a secret now; a booking's confirmation code, a code of
// something else an OTP is mentioned beside, a second factor's setting or its code's length stay plain.
import { describe, expect, it } from "vitest";
import { namesSecret } from "./secret-names.js";

describe("a one-time code that proves who a person is", () => {
  it("is a secret by its name: a one-time password, a second factor's code, an undescribed confirmation code", () => {
    for (const name of ["otp", "zq_otp", "totp_code", "zqMfaCode", "tfa_code", "twoFactorCode", "one_time_code"])
      expect(namesSecret(name), name).toBe(true);
    for (const name of ["passcode", "zq_room_passcode", "ConfirmationCode", "zq_verification_code", "oneTimePassword"])
      expect(namesSecret(name), name).toBe(true);
  });

  it("is a secret by its description: sent to the person, or a one-time or a second factor's code", () => {
    expect(namesSecret("UserCode", "The TOTP code.")).toBe(true);
    expect(namesSecret("UserCode", "The one- time password computed using the secret code.")).toBe(true);
    expect(namesSecret("code", "The Time-based One-Time Password of the zq account.")).toBe(true);
    expect(namesSecret("zqVerificationCode", "The verification code that was sent to the phone number.")).toBe(true);
    expect(namesSecret("ConfirmationCode", "The code sent to retrieve a forgotten password.")).toBe(true);
  });

  it("is not a booking's confirmation code, another code beside an OTP's words, a setting or a length", () => {
    expect(namesSecret("confirmation_code", "The booking's confirmation code.")).toBe(false);
    expect(namesSecret("zqConfirmationCode", "The reservation's code, sent to the guest by e-mail.")).toBe(false);
    expect(namesSecret("LanguageCode", "The language to use for sending the OTP.")).toBe(false);
    expect(namesSecret("PreferredMfa")).toBe(false);
    expect(namesSecret("require_2fa", "2FA required setting")).toBe(false);
    expect(namesSecret("otp_length")).toBe(false);
    expect(namesSecret("zqCode", "The code's length, in digits: six for a TOTP code.")).toBe(false);
    expect(namesSecret("country_code")).toBe(false);
  });
});
