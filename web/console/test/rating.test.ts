import { describe, expect, it } from "vitest";
import { translate } from "../src/i18n/index";
import { averageText, creditedTo, scoreText, stars } from "../src/lib/rating";

const t = (key: string) => translate("en", key);

describe("ratings (lib/rating.ts)", () => {
  it("a score as stars and as words", () => {
    expect(stars(4)).toBe("★★★★☆");
    expect(stars(1)).toBe("★☆☆☆☆");
    expect(stars(5)).toBe("★★★★★");
    expect(scoreText(4, (key, vars) => translate("en", key, vars))).toBe("Rated 4 out of 5");
    expect(scoreText(4, (key, vars) => translate("es", key, vars))).toBe("Valoración: 4 de 5");
  });

  it("a mean to one decimal; a dash without ratings", () => {
    expect(averageText(3.5, "en")).toBe("3.5");
    expect(averageText(4, "en")).toBe("4.0");
    expect(averageText(10 / 3, "en")).toBe("3.3");
    expect(averageText(null, "en")).toBe("—");
    expect(averageText(4, "de")).toBe("4,0");
  });

  it("credited to an agent, or to nobody", () => {
    expect(creditedTo({ agentId: "u1", name: "Ada" }, t)).toBe("Ada");
    expect(creditedTo({ agentId: null, name: null }, t)).toBe("Nobody assigned (or agent removed)");
  });
});
