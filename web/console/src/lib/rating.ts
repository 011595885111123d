// Satisfaction (crates/server/src/service/chat/rating.rs): how the console words a visitor's rating of a
// chat (1–5) and the mean of several. Stars are drawn for the eye only; the words say the score.
import type { AgentRatings } from "../api/types";
import type { Translate } from "../i18n/index";
import { numberText } from "./figures";

export const MAX_SCORE = 5;

/** The score as stars: filled up to it, hollow after (shown aria-hidden beside scoreText). */
export function stars(score: number): string {
  const filled = Math.max(0, Math.min(MAX_SCORE, Math.round(score)));
  return "★".repeat(filled) + "☆".repeat(MAX_SCORE - filled);
}

/** "Rated 4 out of 5", in the console's language. */
export const scoreText = (score: number, t: Translate) => t("conversation.rated", { score, max: MAX_SCORE });

/** A mean to one decimal in `lang` ("4.5", German "4,5"); a dash without ratings. */
export const averageText = (average: number | null | undefined, lang: string) => (average == null ? "—" : numberText(average, lang, 1, true));

/**
 * Whom a row of ratings is credited to: an agent, or nobody (the chat was not assigned when rated,
 * or its agent's account was removed since).
 */
export const creditedTo = (a: Pick<AgentRatings, "agentId" | "name">, t: Translate) => (a.agentId ? (a.name ?? t("stats.unknownAgent")) : t("stats.nobody"));
