// Satisfaction (crates/server/src/service/chat/rating.rs): once the chat has ended, by either side, the
// visitor may rate it 1–5 with an optional comment; a later rating replaces the earlier one.
// The texts, the body the server takes and how far the stars fill; the form is RatingForm.tsx.
import type { RatingBody } from "./wire.gen";
import { t, texts } from "../../i18n/index";

/** The form's texts, in the widget's language. */
export const RATING_TEXT = texts("rating");

export const SCORES = [1, 2, 3, 4, 5];

/** The server's limit (characters, after trimming; crates/server/src/wire/limits.rs). */
export const MAX_COMMENT = 1000;

/** Where the visitor's rating is: not sent yet, on its way, kept, or refused/lost (try again). */
export type RatingState = "" | "sending" | "sent" | "failed";

/** A score's accessible name. */
export const scoreName = (n: number) => t("rating.score", { n });

/** The body the server takes: the comment trimmed, left out when empty. */
export function ratingBody(score: number, comment: string): RatingBody {
  const c = comment.trim();
  return c ? { score, comment: c } : { score };
}

/** Whether the star of score `n` shows filled: up to the score shown (hovered, else chosen). */
export const starFilled = (n: number, shown: number) => n <= shown;
