/** Play now's waiting clock: seconds as a clock reads them. */
import { describe, expect, it } from "vitest";
import { clockText } from "../src/play";

describe("clockText", () => {
  it("writes minutes and two-digit seconds", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(5.9)).toBe("0:05");
    expect(clockText(90)).toBe("1:30");
    expect(clockText(300)).toBe("5:00");
    expect(clockText(-3)).toBe("0:00");
  });
});
