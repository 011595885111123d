// The warnings the loader logs (spec §8). The loader only names them, as a key and an argument;
// the texts live here and are written to the console by the extras chunk (log.ts), so the loader
// does not carry them before the buttons show.
export const MESSAGES = {
  /** A LINK or IFRAME action whose value is not a full http(s) URL; arg: the action's id. */
  url: "Error evaluating actionValue (likely an invalid or incomplete URL), excluding this action",
  /** The same, for a link built from such a value. */
  link: "Beckon only supports a fully qualified URL with http or https protocol",
  /** attachTo names no element; arg: the id. */
  attach: "Could not append the button to the element with id",
  /** arg: the type. */
  button: "Unknown button type",
  /** arg: the type. */
  action: "Unknown action type",
  /** A hosted embed carries the code its published config uses; arg: the button type it lacks. */
  lists: "This embed draws the button types of its published configuration only; render others with beckon.js. Skipped a button of type",
};

/** The debug lines the loader asks for (spec §4.1), likewise by key. */
export const DEBUG_LINES = {
  /** arg: the startup result code (spec §2.1). */
  code: "startup code",
  /** arg: the stylesheet's URL, after the 100 polls of spec §4.2. */
  css: "stylesheet not applied:",
};

/** A warning: the key of its text and, when the text needs one, its argument. */
export type Warning = [key: keyof typeof MESSAGES, arg?: string];

/** The console text of a warning. */
export const warningText = ([key, arg]: Warning): string => MESSAGES[key] + (arg == null ? "" : " " + arg);
