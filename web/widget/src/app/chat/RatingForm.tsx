// The rating of an ended chat (core/rating.ts): "How was this conversation?" as a radio group of
// five stars (native radios, so arrow keys move between them; each named "n out of 5"), an
// optional comment and "Send rating"; then "Thank you for your feedback.", which takes the focus
// from the button it replaces so that it stays in the dialog. It is in the chunk of an ended chat's
// forms (ended.tsx) and brings its own rules (rating.css).
import { useState, type FormEvent } from "react";
import css from "./rating.css?raw";
import { MAX_COMMENT, RATING_TEXT, SCORES, scoreName, starFilled, type RatingState } from "./core/rating";

export type RatingFormProps = {
  state: RatingState;
  onRate(score: number, comment: string): void;
};

/** Focuses the element when it appears (a stable callback: called on mount only). */
const focusOnMount = (el: HTMLElement | null) => el && el.focus({ preventScroll: true });

export function RatingForm(p: RatingFormProps) {
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState("");
  const rules = <style>{css}</style>;
  if (p.state == "sent")
    return (
      <>
        {rules}
        <p className="cnb-c-rate cnb-c-thanks" role="status" tabIndex={-1} ref={focusOnMount}>
          {RATING_TEXT.thanks}
        </p>
      </>
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    // The radios are required: the browser says a score is missing.
    if (form.reportValidity && !form.reportValidity()) return;
    if (score) p.onRate(score, comment);
  };
  return (
    <>
      {rules}
      <form className="cnb-c-form cnb-c-rate" onSubmit={submit}>
        <fieldset className="cnb-c-stars">
          <legend className="cnb-c-lbl">{RATING_TEXT.question}</legend>
          {SCORES.map((n) => (
            <label key={n} className={"cnb-c-star" + (starFilled(n, score) ? " cnb-c-sel" : "")}>
              <input type="radio" name="score" required checked={n == score} onChange={() => setScore(n)} />
              <span aria-hidden="true">★</span>
              <span className="cnb-c-sr">{scoreName(n)}</span>
            </label>
          ))}
        </fieldset>
        <label className="cnb-c-field">
          <span className="cnb-c-lbl">{RATING_TEXT.comment}</span>
          <textarea className="cnb-c-tin cnb-c-in" rows={2} maxLength={MAX_COMMENT} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        </label>
        <button type="submit" className="cnb-c-btn">
          {RATING_TEXT.send}
        </button>
        {p.state == "failed" ? (
          <p className="cnb-c-ferr" role="alert">
            {RATING_TEXT.failed}
          </p>
        ) : null}
      </form>
    </>
  );
}
